/**
 * The save menu (board.md §2): save a PDF with the ink, save the data as .GRIDA, save as (a copy
 * of the board under another name) and save with overwrite (the board takes the new name). Each
 * takes the title from its dialog, checked by the file-name rules.
 */
import { writeGridaFile } from '@dotink/ink';
import { pageId } from '@dotink/ncode';
import type { BoardRepository } from '../model/boardRepository';
import type { BoardSession } from '../model/boardSession';
import type { SaveMode } from './editorStore';

/** Hands a file to the user (a download in the browser). */
export type Deliver = (fileName: string, bytes: Uint8Array, mimeType: string) => void;

export interface SaveContext {
  readonly session: BoardSession;
  readonly repo: BoardRepository;
  readonly deliver: Deliver;
  readonly nowMs: () => number;
  /** A page image of a PDF that cannot be copied (encrypted), for the PDF export. */
  readonly rasterPage?: (pdfId: string, pageNo: number) => Promise<Uint8Array>;
}

/** What the save did. */
export type SaveResult = { readonly fileName: string; readonly openBoardId?: string };

/** Runs one save of the menu with a valid `name`. */
export async function save(mode: SaveMode, name: string, ctx: SaveContext): Promise<SaveResult> {
  const { session } = ctx;
  await session.flush();
  switch (mode) {
    case 'pdf': {
      // the PDF export (pdf-lib) loads when a PDF is first saved, not with the board
      const { exportBoardPdf } = await import('../export/pdfExport');
      const bytes = await exportBoardPdf({
        title: name,
        pages: session.pages,
        pdfs: session.pdfs,
        strokesOf: (p) => session.store.strokesOnPage(pageId(p.address), { status: 'all' }),
        nowMs: ctx.nowMs(),
        ...(ctx.rasterPage ? { rasterPage: ctx.rasterPage } : {}),
      });
      const fileName = `${name}.pdf`;
      ctx.deliver(fileName, bytes, 'application/pdf');
      return { fileName };
    }
    case 'grida': {
      const doc = session.toDocument(ctx.nowMs());
      const fileName = `${name}.grida`;
      ctx.deliver(
        fileName,
        writeGridaFile({ ...doc, board: { ...doc.board, title: name } }),
        'application/octet-stream',
      );
      return { fileName };
    }
    case 'saveAs': {
      const copy = await ctx.repo.importDocument(session.toDocument(ctx.nowMs()), name);
      return { fileName: name, openBoardId: copy.id };
    }
    case 'overwrite': {
      await session.rename(name);
      await session.flush();
      return { fileName: name };
    }
  }
}

/** Downloads a file in the browser. */
export const browserDownload: Deliver = (fileName, bytes, mimeType) => {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
