/**
 * Saving a large board (issue 5): vector PDF export of 100 annotated pages < 3 s; .GRIDA save and
 * load of the same board < 1 s each.
 *
 * Method. Runs in Node through the board's own modules (apps/board/src/model, export): the board
 * is a 100-page PDF (pdf-lib: heading, 40 lines of text, a box and a curve per page) imported as
 * 100 board pages on temporary codes with the dummy A4 paper transform, each annotated with 150
 * handwriting strokes of 50 dots (every 10th a marker, a third of them blue): 15,000 strokes,
 * 750,000 dots, held by a `BoardSession`'s ink store.
 *
 * - PDF export: `exportBoardPdf` exactly as the save menu calls it (pages copied from the PDF
 *   with pdf-lib, ink drawn as vector paths, strokes read from the session's store per page).
 * - .GRIDA save: `session.toDocument()` + `writeGridaFile` (as the save menu); load:
 *   `readGridaFile` + a `BoardSession` over the file's content (its ink store built), i.e. the
 *   board ready to show. IndexedDB writes and reads (the board's local copy) are not included.
 *
 * Each is run 3 times in a row; the figure is the median wall time. Every run's wall and CPU
 * time (process.cpuUsage, GC threads included) is printed: on a busy machine the CPU time is
 * closer to what the code itself costs.
 */
import { availableParallelism, loadavg } from 'node:os';
import { type GridaPage, readGridaFile, type Stroke, writeGridaFile } from '@dotink/ink';
import { pageId } from '@dotink/ncode';
import { exportBoardPdf } from '../../apps/board/src/export/pdfExport';
import type { LoadedBoard } from '../../apps/board/src/model/boardRepository';
import { BoardSession, type BoardSessionDeps } from '../../apps/board/src/model/boardSession';
import { counterIds } from '../../apps/board/src/model/ids';
import { paperLookup } from '../../apps/board/src/model/paper';
import { temporaryPage } from '../../apps/board/src/model/temporaryCodes';
import { manualTimers, memoryRepository } from '../../apps/board/src/model/testSupport';
import { handwritingStrokes, textPdf } from '../browser/fixtures';
import { type Bench, below, type Figure, percentile } from './budget';

const PAGES = 100;
const STROKES_PER_PAGE = 150;
const DOTS_PER_STROKE = 50;
const RUNS = 3;
const NOW_MS = 1_750_000_000_000;

/** Runs `fn` {@link RUNS} times: wall time and this process's CPU time (user + system) of each. */
async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number[]; cpuMs: number[]; result: T }> {
  const ms: number[] = [];
  const cpuMs: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    result = await fn();
    ms.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  return { ms, cpuMs, result: result as T };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const runs = (t: { ms: readonly number[]; cpuMs: readonly number[] }) =>
  `${t.ms.map((m) => Math.round(m)).join(', ')} ms (CPU ${t.cpuMs.map((m) => Math.round(m)).join(', ')} ms)`;

export default {
  name: 'board: save a 100-page annotated board (Node, board modules)',
  async run(): Promise<Figure[]> {
    const load = loadavg()[0]!;
    const paper = paperLookup(undefined);
    const pdfBytes = await textPdf(PAGES);
    const pages: GridaPage[] = [];
    const strokes: Stroke[] = [];
    for (let i = 0; i < PAGES; i++) {
      const address = temporaryPage(i);
      const p = paper(address);
      pages.push({
        id: `page-${i}`,
        address,
        source: { kind: 'pdf', pdfId: 'pdf-1', pageNo: i + 1 },
        sizePt: { widthPt: 595.28, heightPt: 841.89 },
        nuToPt: p.nuToPt,
        rotation: 0,
        background: 'basic',
      });
      strokes.push(...handwritingStrokes(address, STROKES_PER_PAGE, DOTS_PER_STROKE, `p${i}`));
    }
    const loaded: LoadedBoard = {
      board: {
        id: 'board-1',
        title: 'Lecture notes',
        group: '',
        trashed: 0,
        createdMs: NOW_MS,
        updatedMs: NOW_MS,
        lastOpenedMs: null,
        pageCount: PAGES,
      },
      pages,
      pdfs: [{ id: 'pdf-1', fileName: 'lecture.pdf', fingerprint: 'bench', bytes: pdfBytes }],
      strokes,
    };
    const { repo } = memoryRepository(NOW_MS);
    const deps: BoardSessionDeps = { repo, ids: counterIds('b'), paper, timers: manualTimers() };
    const session = new BoardSession(loaded, deps);

    const pdf = await timed(() =>
      exportBoardPdf({
        title: 'Lecture notes',
        pages: session.pages,
        pdfs: session.pdfs,
        strokesOf: (p) => session.store.strokesOnPage(pageId(p.address), { status: 'all' }),
        nowMs: NOW_MS,
      }),
    );
    const save = await timed(() => writeGridaFile(session.toDocument(NOW_MS)));
    const file = save.result;
    const open = await timed(() => {
      const doc = readGridaFile(file);
      return new BoardSession(
        {
          board: { ...loaded.board, id: doc.board.id },
          pages: doc.pages,
          pdfs: doc.pdfs,
          strokes: doc.strokes,
        },
        deps,
      );
    });
    const reopened = open.result;
    const strokeCount = pages.reduce(
      (n, p) => n + reopened.store.strokesOnPage(pageId(p.address), { status: 'all' }).length,
      0,
    );
    if (strokeCount !== strokes.length)
      throw new Error(`load lost strokes: ${strokeCount} of ${strokes.length}`);
    const MB = 1024 * 1024;
    console.log(`  ${PAGES} pages, ${strokes.length} strokes, ${strokes.length * DOTS_PER_STROKE} dots`);
    console.log(`  PDF export: ${runs(pdf)} → ${r1(pdf.result.length / MB)} MB`);
    console.log(`  .GRIDA save: ${runs(save)} → ${r1(file.length / MB)} MB; load: ${runs(open)}`);
    console.log(`  load average ${r1(load)} → ${r1(loadavg()[0]!)} on ${availableParallelism()} cores`);
    return [
      below('vector PDF export, 100 annotated pages (median of 3)', percentile(pdf.ms, 50), 'ms', 3000),
      below('.GRIDA save, same board (median of 3)', percentile(save.ms, 50), 'ms', 1000),
      below('.GRIDA load, same board (median of 3)', percentile(open.ms, 50), 'ms', 1000),
    ];
  },
} satisfies Bench;
