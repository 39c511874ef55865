import { pageAddress } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import type { DeviceMessage, OfflineChunk } from '../protocol/deviceMessages';
import { firmwareChecksum } from '../protocol/hostCodec';
import type { HostRequest } from '../protocol/hostRequests';
import { NEOLAB_PROFILE_PASSWORD, profilePasswordFromText } from '../protocol/profile';
import { manualScheduler } from '../session/scheduler';
import { createPenSimulator, type PenSimulatorOptions } from './penSimulator';
import { dot, lineStroke, type ScriptStroke } from './script';
import { attachSimHost } from './simHost';

const T0 = 1_700_000_000_000;
const NOTE = { section: 3, owner: 27, book: 1068 };
const P1 = pageAddress(3, 27, 1068, 1);
const P2 = pageAddress(3, 27, 1068, 2);

function rig(opts: Partial<PenSimulatorOptions> = {}) {
  const scheduler = manualScheduler(T0);
  const sim = createPenSimulator({ scheduler, ...opts });
  const host = attachSimHost(sim);
  sim.connect();
  const ask = (req: HostRequest): DeviceMessage[] => {
    host.send(req);
    scheduler.runDue();
    return host.take();
  };
  ask({ kind: 'versionRequest' });
  return { scheduler, sim, host, ask };
}

const strokes = (n: number, page = P1): ScriptStroke[] =>
  Array.from({ length: n }, (_, i) =>
    lineStroke(page, { xNu: i, yNu: 1 }, { xNu: i + 1, yNu: 2 }, 5, { gapBeforeMs: 100 }),
  );

describe('simulator offline memory', () => {
  it('lists notes and pages', () => {
    const { sim, ask } = rig();
    sim.storeOffline([...strokes(2, P1), ...strokes(1, P2), ...strokes(1, pageAddress(0, 5, 7, 3))]);
    expect(ask({ kind: 'offlineNoteListRequest', from: 'all' })).toEqual([
      { kind: 'offlineNoteList', notes: [NOTE, { section: 0, owner: 5, book: 7 }] },
    ]);
    expect(ask({ kind: 'offlineNoteListRequest', from: { section: 0, owner: 5 } })).toEqual([
      { kind: 'offlineNoteList', notes: [{ section: 0, owner: 5, book: 7 }] },
    ]);
    expect(ask({ kind: 'offlinePageListRequest', ...NOTE })).toEqual([
      { kind: 'offlinePageList', ...NOTE, pages: [1, 2] },
    ]);
    expect(ask({ kind: 'offlineNoteInfoRequest', ...NOTE })[0]).toMatchObject({
      pageCount: 2,
      pagesWithData: [1, 2],
    });
  });

  it('pages note lists by 64 from 2.15, continuing when the request repeats', () => {
    const { sim, ask } = rig();
    for (let b = 0; b < 70; b++)
      sim.storeOffline([lineStroke(pageAddress(3, 27, b, 1), { xNu: 1, yNu: 1 }, { xNu: 2, yNu: 2 }, 2)]);
    const books = () => {
      const m = ask({ kind: 'offlineNoteListRequest', from: 'all' })[0];
      return m?.kind === 'offlineNoteList' ? m.notes.map((n) => n.book) : [];
    };
    expect(books()).toHaveLength(64);
    expect(books()).toEqual([64, 65, 66, 67, 68, 69]);
    expect(books()).toHaveLength(64);
  });

  it('reports count and size only for transfer option 0', () => {
    const { sim, ask } = rig();
    sim.storeOffline(strokes(3));
    expect(ask({ kind: 'offlineDataRequest', transfer: 0, compress: true, ...NOTE, pages: [] })).toEqual([
      { kind: 'offlineDataInfo', strokeCount: 3, totalSize: 3 * (27 + 5 * 16), compressed: true },
    ]);
  });

  it('sends whole strokes in compressed chunks, each waiting for its ACK, then deletes (option 1)', () => {
    const { sim, ask } = rig({ behaviour: { strokesPerChunk: 2 } });
    sim.storeOffline([...strokes(5), ...strokes(1, P2)]);
    const first = ask({ kind: 'offlineDataRequest', transfer: 1, compress: true, ...NOTE, pages: [1] });
    expect(first[0]).toEqual({
      kind: 'offlineDataInfo',
      strokeCount: 5,
      totalSize: 5 * 107,
      compressed: true,
    });
    const chunks: OfflineChunk[] = [first[1] as OfflineChunk];
    expect(first).toHaveLength(2);
    for (;;) {
      const c = chunks.at(-1)!;
      expect(c.problem).toBeUndefined();
      if (c.position === 2) break;
      const next = ask({ kind: 'offlineChunkAck', packetId: c.packetId, ok: true, continue: true });
      expect(next).toHaveLength(1);
      chunks.push(next[0] as OfflineChunk);
    }
    expect(chunks.map((c) => [c.packetId, c.position, c.strokeCount, c.compressed])).toEqual([
      [0, 0, 2, true],
      [1, 1, 2, true],
      [2, 2, 1, true],
    ]);
    const all = chunks.flatMap((c) => c.strokes);
    expect(all).toHaveLength(5);
    expect(all[0]!.dots[0]).toMatchObject({ x: 0, fx: 0, y: 1, fy: 0, force: 250 });
    expect(all.every((s) => s.page === 1 && s.upTimeMs > s.downTimeMs)).toBe(true);
    expect(sim.inspect().offlineStrokes).toBe(1);
    expect(ask({ kind: 'offlinePageListRequest', ...NOTE })[0]).toMatchObject({ pages: [2] });
  });

  it('keeps data with option 2, sends one uncompressed chunk as position 2, and stops on continue = 0', () => {
    const { sim, ask } = rig({ behaviour: { strokesPerChunk: 1 } });
    sim.storeOffline(strokes(1));
    const [, chunk] = ask({ kind: 'offlineDataRequest', transfer: 2, compress: false, ...NOTE, pages: [] });
    expect(chunk).toMatchObject({
      kind: 'offlineChunk',
      position: 2,
      compressed: false,
      sizeAfter: 0,
      sizeBefore: 107,
    });
    expect(sim.inspect().offlineStrokes).toBe(1);
    sim.storeOffline(strokes(2));
    const [, c0] = ask({ kind: 'offlineDataRequest', transfer: 2, compress: false, ...NOTE, pages: [] });
    expect(c0).toMatchObject({ position: 0 });
    expect(ask({ kind: 'offlineChunkAck', packetId: 0, ok: true, continue: false })).toEqual([]);
  });

  it('resends a NAKed chunk, up to the limit', () => {
    const { sim, ask } = rig({ behaviour: { strokesPerChunk: 1, maxChunkResends: 2 } });
    sim.storeOffline(strokes(2));
    const [, c0] = ask({ kind: 'offlineDataRequest', transfer: 2, compress: true, ...NOTE, pages: [] });
    expect(ask({ kind: 'offlineChunkAck', packetId: 0, ok: false, continue: true })).toEqual([c0]);
    expect(ask({ kind: 'offlineChunkAck', packetId: 0, ok: false, continue: true })).toEqual([c0]);
    expect(ask({ kind: 'offlineChunkAck', packetId: 0, ok: false, continue: true })).toEqual([]);
  });

  it('answers 0xA3 with zero strokes for an empty note and deletes notes and pages', () => {
    const { sim, ask } = rig({ protocolVersion: '2.22' });
    expect(ask({ kind: 'offlineDataRequest', transfer: 1, compress: true, ...NOTE, pages: [] })).toEqual([
      { kind: 'offlineDataInfo', strokeCount: 0, totalSize: 0, compressed: true },
    ]);
    sim.storeOffline(strokes(1));
    expect(ask({ kind: 'offlineDeleteNotes', section: 3, owner: 27, books: [1068, 5] })).toEqual([
      { kind: 'offlineDeleteResult', books: [1068] },
    ]);
    expect(sim.inspect().offlineStrokes).toBe(0);
    const p23 = rig({ protocolVersion: '2.23' });
    p23.sim.storeOffline([...strokes(1, P1), ...strokes(1, P2)]);
    expect(p23.ask({ kind: 'offlineDeletePages', ...NOTE, pages: [2, 7] })).toEqual([
      { kind: 'offlinePageDeleteResult', pages: [2] },
    ]);
  });

  it('erases storage on disk init with the right magic only', () => {
    const { sim, ask } = rig();
    sim.storeOffline(strokes(1));
    expect(ask({ kind: 'setting', setting: { type: 'initDisk', magic: 1 } })[0]).toMatchObject({ result: 1 });
    expect(sim.inspect().offlineStrokes).toBe(1);
    expect(ask({ kind: 'setting', setting: { type: 'initDisk' } })[0]).toMatchObject({ result: 0 });
    expect(sim.inspect().offlineStrokes).toBe(0);
  });

  it('keeps strokes written with no host, split at page changes, with dts from pen down', () => {
    const { sim, ask, scheduler } = rig();
    sim.script.play([
      {
        kind: 'stroke',
        page: P1,
        samples: [dot(1, 1, 100, 12), dot(2, 1, 100, 10), { kind: 'page', page: P2 }, dot(3, 1, 100, 10)],
      },
    ]);
    scheduler.advance(1000);
    const [, chunk] = ask({ kind: 'offlineDataRequest', transfer: 2, compress: true, ...NOTE, pages: [] });
    const got = (chunk as OfflineChunk).strokes;
    expect(got.map((s) => [s.page, s.dots.map((d) => d.dtMs)])).toEqual([
      [1, [12, 10]],
      [2, [0]],
    ]);
    expect(got[0]!.downTimeMs).toBe(T0);
  });
});

describe('simulator firmware upload and profiles', () => {
  it('takes a firmware file in checked chunks, then reboots with power off reason 2', () => {
    const { ask, sim, host } = rig();
    const file = Uint8Array.from({ length: 150 }, (_, i) => (i * 7) & 0xff);
    const start = ask({
      kind: 'firmwareUploadRequest',
      deviceName: 'NWP-F121',
      firmwareVersion: '1.08.0001',
      fileSize: file.length,
      packetSize: 64,
      compress: false,
      fileChecksum: firmwareChecksum(file),
    });
    expect(start).toEqual([
      { kind: 'firmwareUploadResult', status: 0 },
      { kind: 'firmwareChunkRequest', status: 0, offset: 0 },
    ]);
    const statuses: number[] = [0];
    let req = start[1] as { offset: number };
    for (;;) {
      const data = file.subarray(req.offset, req.offset + 64);
      const out = ask({
        kind: 'firmwareChunk',
        stop: false,
        offset: req.offset,
        chunkChecksum: firmwareChecksum(data),
        sizeBefore: data.length,
        sizeAfter: 0,
        data,
      });
      if (out[0]!.kind === 'powerOff') {
        expect(out).toEqual([{ kind: 'powerOff', reason: 2 }]);
        break;
      }
      req = out[0] as { offset: number; status: number } & DeviceMessage;
      statuses.push((out[0] as { status: number }).status);
    }
    expect(statuses).toEqual([0, 1, 2]);
    expect(sim.inspect().firmwareImage).toEqual(file);
    expect(host.linkDrops).toBe(1);
  });

  it('refuses the same version, unsupported compression, and a bad chunk checksum', () => {
    const base = {
      kind: 'firmwareUploadRequest' as const,
      deviceName: 'NWP-F121',
      fileSize: 10,
      packetSize: 64,
      fileChecksum: 0,
    };
    expect(rig().ask({ ...base, firmwareVersion: '1.07.0151', compress: false })[0]).toMatchObject({
      status: 1,
    });
    expect(rig().ask({ ...base, firmwareVersion: '2', compress: true })[0]).toMatchObject({ status: 4 });
    const r = rig();
    r.ask({ ...base, firmwareVersion: '2', compress: false });
    expect(
      r.ask({
        kind: 'firmwareChunk',
        stop: false,
        offset: 0,
        chunkChecksum: 1,
        sizeBefore: 10,
        sizeAfter: 0,
        data: new Uint8Array(10),
      }),
    ).toEqual([{ kind: 'firmwareChunkRequest', status: 3, offset: 0 }]);
  });

  it('keeps profiles: create, write, read, info, delete values, delete', () => {
    const { ask } = rig();
    const pw = NEOLAB_PROFILE_PASSWORD;
    const p = (request: Extract<HostRequest, { kind: 'profileRequest' }>['request']) =>
      (ask({ kind: 'profileRequest', profileName: 'neolab', request })[0] as { response: unknown }).response;
    expect(p({ op: 'create', password: pw, sectorSize: 32, sectorCount: 128 })).toEqual({
      op: 'create',
      status: 0,
    });
    expect(p({ op: 'create', password: pw, sectorSize: 32, sectorCount: 128 })).toEqual({
      op: 'create',
      status: 0x10,
    });
    expect(
      p({
        op: 'write',
        password: profilePasswordFromText('no'),
        values: [{ key: 'k', data: Uint8Array.of(1) }],
      }),
    ).toEqual({
      op: 'write',
      results: [{ key: 'k', status: 0x30 }],
    });
    p({ op: 'write', password: pw, values: [{ key: 'k', data: Uint8Array.of(1, 2, 3) }] });
    expect(p({ op: 'read', keys: ['k', 'x'] })).toEqual({
      op: 'read',
      results: [
        { key: 'k', status: 0, data: Uint8Array.of(1, 2, 3) },
        { key: 'x', status: 0x21, data: new Uint8Array(0) },
      ],
    });
    expect(p({ op: 'info' })).toEqual({
      op: 'info',
      status: 0,
      totalSectors: 128,
      sectorSize: 32,
      usedSectors: 1,
      usedKeySectors: 1,
    });
    expect(p({ op: 'deleteValues', password: pw, keys: ['k'] })).toEqual({
      op: 'deleteValues',
      results: [{ key: 'k', status: 0 }],
    });
    expect(p({ op: 'delete', password: pw })).toEqual({ op: 'delete', status: 0 });
    expect(p({ op: 'delete', password: pw })).toEqual({ op: 'delete', status: 0x11 });
  });
});
