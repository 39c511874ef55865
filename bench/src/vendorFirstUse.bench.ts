/**
 * First use of the vendor data in a fresh server process (issue 16: the live lesson's teacher
 * screen asks for the page images of book 3.1012.1191 when pupils start writing, and this work
 * must not freeze the realtime relay on the same event loop):
 *
 * - the `nproj/*.nproj` index (which book each project file is for), built once: CPU ms;
 * - the paper catalogue (`nbs.json.gz`), loaded once: CPU ms;
 * - the demo stand-in PDF of the 124-page textbook 3.1012.1191 (no vendor PDF installed), built
 *   once: CPU ms, and the longest time the event loop was blocked meanwhile (a 1 ms timer probe);
 * - its demo project file (.nproj), built with it: CPU ms.
 *
 * Cold figures: each is measured once, in this fresh process, as the server meets them.
 */
import { bookId, findPaper, parseBookId } from '@dotink/ncode';
import { demoBookNproj, demoBookPdf, demoPaper } from '../../apps/server/src/vendor/demoBook';
import { VendorData } from '../../apps/server/src/vendor/vendorData';
import { sharedDir } from '../../test-support/shared';
import { atMost, type Bench, type Figure } from './budget';
import { measured } from './eventLoop';

const BOOK = parseBookId('3.1012.1191')!;

const bench: Bench = {
  name: 'vendor data first use (issue 16)',
  async run(): Promise<Figure[]> {
    const vendor = new VendorData(`${sharedDir}/data/ncode`);
    let catalogue = undefined as unknown as Awaited<ReturnType<VendorData['requireCatalogue']>>;
    const catalogueLoad = await measured(async () => {
      catalogue = await vendor.requireCatalogue();
    });
    const index = await measured(() => vendor.bookNproj(BOOK)); // not in books/: builds the index
    const paper = demoPaper(findPaper(catalogue, BOOK));
    const demo = { ...BOOK, label: 'math 3-1', firstPage: 1, numPages: 124 };
    let bytes = 0;
    const pdf = await measured(async () => {
      bytes = (await demoBookPdf(demo, paper)).byteLength;
    });
    const nproj = await measured(async () => demoBookNproj(demo, paper));
    console.log(`  demo PDF of ${bookId(BOOK)}: ${bytes.toLocaleString('en-US')} bytes`);
    return [
      atMost('paper catalogue load (CPU; read at start by the warm-up)', catalogueLoad.cpu, 'ms', 400),
      atMost('nproj index of the 5 shared project files (CPU)', index.cpu, 'ms', 100),
      atMost('nproj index: longest event-loop block', index.stallMs, 'ms', 100),
      atMost('demo PDF, 124 pages (CPU)', pdf.cpu, 'ms', 200),
      atMost('demo PDF: longest event-loop block', pdf.stallMs, 'ms', 50),
      atMost('demo project file, 124 pages (CPU)', nproj.cpu, 'ms', 50),
    ];
  },
};

export default bench;
