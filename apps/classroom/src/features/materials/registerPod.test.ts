import type { Textbook } from '@dotink/contracts/edu';
import { parseNproj } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import type { AttachmentForm } from '../../api/materials';
import { UploadCancelled } from '../../api/materials';
import { type PodDeps, registerPod } from './registerPod';

const A4 = { widthPt: 595, heightPt: 842 };

function fakeServer(upload: PodDeps['upload']) {
  const calls: string[] = [];
  const deps: PodDeps = {
    randomBytes: (n) => new Uint8Array(n),
    upload,
    api: {
      reserveCodePages: async (qty, w, h) => {
        calls.push(`codes ${qty} ${w}x${h}`);
        return Array.from({ length: qty }, (_, i) => ({ s: 3, o: 27, b: 900, p: 11 + i, url: '' }));
      },
      addPodMaterial: async (id, body) => {
        calls.push(`pod ${id} ${body.book} ${body.ncodeStartPage} ${body.numPages}`);
        return { id: 5, ncodeStartPage: 11, ncodeEndPage: 13 } as Textbook;
      },
      removeMaterial: async (id, tb) => {
        calls.push(`remove ${id} ${tb}`);
        return { id: tb };
      },
    },
  };
  return { calls, deps };
}

const input = {
  curriculumId: 2,
  title: 'Sheet',
  fileName: 'sheet.pdf',
  pdf: new Blob(['%PDF']),
  pages: [A4, A4, A4],
};

describe('registering a POD material (classroom.md §5, §7)', () => {
  it('reserves code pages for the page size, registers, and uploads the PDF with its .nproj', async () => {
    let sent: AttachmentForm | undefined;
    const { calls, deps } = fakeServer(async (form, onProgress) => {
      sent = form;
      onProgress(50, 100);
      onProgress(100, 100);
      return { id: 5 } as Textbook;
    });
    const percents: number[] = [];
    await registerPod(input, deps, (p) => percents.push(p), new AbortController().signal);
    expect(calls).toEqual(['codes 3 230x317', 'pod 2 900 11 3']);
    expect(sent).toMatchObject({
      section: 3,
      owner: 27,
      book: 900,
      pageStart: 11,
      pageEnd: 13,
      textbookId: 5,
    });
    expect(sent?.pdfFile?.name).toBe('sheet.pdf');
    expect(sent?.nprojFile?.name).toBe('sheet.nproj');
    const doc = parseNproj(await sent!.nprojFile!.blob.text());
    expect(doc.book).toMatchObject({ section: 3, owner: 27, code: 900, startPage: 11 });
    expect(doc.pages.items).toHaveLength(3);
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('a cancelled or failed upload removes the material again and reports why', async () => {
    const controller = new AbortController();
    const cancelled = fakeServer(async () => {
      controller.abort();
      throw new UploadCancelled();
    });
    await expect(registerPod(input, cancelled.deps, () => {}, controller.signal)).rejects.toBeInstanceOf(
      UploadCancelled,
    );
    expect(cancelled.calls.at(-1)).toBe('remove 2 5');
    const failed = fakeServer(() => Promise.reject(new Error('413')));
    await expect(registerPod(input, failed.deps, () => {}, new AbortController().signal)).rejects.toThrow(
      '413',
    );
    expect(failed.calls.at(-1)).toBe('remove 2 5');
  });
});
