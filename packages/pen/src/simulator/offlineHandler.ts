/**
 * The simulated pen's offline commands (pen-protocol.md §4.7–4.13, §5.7–5.12, §8.6): note and
 * page lists (with 2.15 paging), data transfer in acknowledged chunks, deletes and note info.
 */
import { DeviceCmd, PenErrorCode } from '../protocol/commands';
import type {
  OfflineChunkAck,
  OfflineDataRequest,
  OfflineDeleteNotesRequest,
  OfflineDeletePagesRequest,
  OfflineNoteInfoRequest,
  OfflineNoteListRequest,
  OfflinePageListRequest,
} from '../protocol/hostRequests';
import { offlineStrokesSize } from '../protocol/offlineData';
import { ProtocolVersion } from '../protocol/wireFields';
import type { SimCore } from './core';
import { buildChunks } from './offlineStore';

const NOTE_LIST_LIMIT = 64;
const PAGE_LIST_LIMIT = 128;

/** The slice of a list to send, continuing when the same request repeats after a full reply. */
function page<T>(core: SimCore, key: string, all: readonly T[], limit: number): T[] {
  const s = core.session;
  if (!core.behaviour.listPaging || core.penProtocol < ProtocolVersion.listLimits) {
    s.listCursor = undefined;
    return [...all];
  }
  const from = s.listCursor?.key === key ? s.listCursor.next : 0;
  const slice = all.slice(from, from + limit);
  // Only a full reply makes the host ask again; keep the cursor for that.
  s.listCursor = slice.length === limit ? { key, next: from + limit } : undefined;
  return slice;
}

export function handleNoteList(core: SimCore, req: OfflineNoteListRequest): void {
  const key = `notes:${req.from === 'all' ? 'all' : `${req.from.section}.${req.from.owner}`}`;
  const notes = page(core, key, core.store.notes(req.from), NOTE_LIST_LIMIT);
  core.send({ kind: 'offlineNoteList', notes });
}

export function handlePageList(core: SimCore, req: OfflinePageListRequest): void {
  const key = `pages:${req.section}.${req.owner}.${req.book}`;
  const pages = page(core, key, core.store.pages(req), PAGE_LIST_LIMIT);
  core.send({ kind: 'offlinePageList', section: req.section, owner: req.owner, book: req.book, pages });
}

/** 0x23: report, then send chunks one by one, each (but the last) waiting for its 0xA4. */
export function handleDataRequest(core: SimCore, req: OfflineDataRequest): void {
  const note = { section: req.section, owner: req.owner, book: req.book };
  const strokes = core.store.strokes(note, req.pages);
  core.send({
    kind: 'offlineDataInfo',
    strokeCount: strokes.length,
    totalSize: offlineStrokesSize(strokes),
    compressed: req.compress,
  });
  core.session.transfer = undefined;
  if (req.transfer === 0 || strokes.length === 0) return;
  const chunks = buildChunks(note, strokes, {
    compress: req.compress,
    strokesPerChunk: core.behaviour.strokesPerChunk,
    compressionLevel: core.behaviour.compressionLevel,
  });
  core.session.transfer = { note, chunks, strokes, deleteAfter: req.transfer === 1, index: 0, resends: 0 };
  sendCurrentChunk(core);
}

function sendCurrentChunk(core: SimCore): void {
  const t = core.session.transfer;
  if (!t) return;
  const chunk = t.chunks[t.index]!;
  core.send(chunk);
  if (chunk.position === 2) {
    // [CHOICE] §8.6: done after the final chunk, without waiting for an ACK (WEB sends none).
    if (t.deleteAfter) core.store.remove(t.note, t.strokes);
    core.session.transfer = undefined;
  }
}

/** 0xA4: next chunk, resend (err = 1) or stop. */
export function handleChunkAck(core: SimCore, ack: OfflineChunkAck): void {
  const t = core.session.transfer;
  if (!t || t.chunks[t.index]!.packetId !== ack.packetId) return;
  if (!ack.ok) {
    t.resends++;
    if (t.resends > core.behaviour.maxChunkResends) core.session.transfer = undefined;
    else sendCurrentChunk(core);
    return;
  }
  if (!ack.continue) {
    core.session.transfer = undefined;
    return;
  }
  t.index++;
  t.resends = 0;
  sendCurrentChunk(core);
}

export function handleDeleteNotes(core: SimCore, req: OfflineDeleteNotesRequest): void {
  const deleted = core.store.deleteNotes(req.section, req.owner, req.books);
  const books = core.behaviour.deleteResult === 'requested' ? [...req.books] : deleted;
  core.send({ kind: 'offlineDeleteResult', books });
}

export function handleNoteInfo(core: SimCore, req: OfflineNoteInfoRequest): void {
  if (core.penProtocol < ProtocolVersion.noteInfo) {
    core.sendError(DeviceCmd.offlineNoteInfo, PenErrorCode.unsupportedCommand);
    return;
  }
  const pages = core.store.pages(req);
  core.send({
    kind: 'offlineNoteInfo',
    status: 0,
    section: req.section,
    owner: req.owner,
    book: req.book,
    noteVersion: 0,
    invalidPage: 0,
    pageCount: pages.length,
    pagesWithData: pages,
  });
}

export function handleDeletePages(core: SimCore, req: OfflineDeletePagesRequest): void {
  if (core.penProtocol < ProtocolVersion.deletePages) {
    core.sendError(DeviceCmd.offlinePageDeleteResult, PenErrorCode.unsupportedCommand);
    return;
  }
  core.send({ kind: 'offlinePageDeleteResult', pages: core.store.deletePages(req, req.pages) });
}
