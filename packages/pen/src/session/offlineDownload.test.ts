import { silentLogger } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import type { DeviceMessage, HostRequest, OfflineStroke } from '../protocol';
import { OfflineDownloadError, OfflineDownloadRun } from './offlineDownload';
import { manualScheduler } from './scheduler';

const NOTE = { section: 3, owner: 27, book: 1068 };
const stroke: OfflineStroke = {
  page: 1,
  downTimeMs: 1000,
  upTimeMs: 1020,
  penTipType: 0,
  colorArgb: 0xff000000,
  dots: [{ dtMs: 0, force: 300, x: 30, y: 40, fx: 25, fy: 50, tiltX: 70, tiltY: 80, twist: 0 }],
};

function chunk(
  packetId: number,
  position: number,
  extra: Partial<Extract<DeviceMessage, { kind: 'offlineChunk' }>> = {},
) {
  return {
    kind: 'offlineChunk',
    packetId,
    compressed: true,
    sizeBefore: 43,
    sizeAfter: 40,
    position,
    ...NOTE,
    strokeCount: 1,
    data: new Uint8Array(0),
    strokes: [stroke],
    badChecksums: 0,
    ...extra,
  } as const satisfies DeviceMessage;
}

function setup() {
  const scheduler = manualScheduler(0);
  const sent: HostRequest[] = [];
  const run = new OfflineDownloadRun(
    { scheduler, logger: silentLogger, send: async (r) => void sent.push(r) },
    NOTE,
    undefined,
    1000,
  );
  return { scheduler, sent, run };
}

describe('offline download run', () => {
  it('acknowledges each chunk, the last with continue = 0, and collects the strokes', async () => {
    const { run, sent } = setup();
    expect(run.handle({ kind: 'offlineDataInfo', strokeCount: 2, totalSize: 86, compressed: true })).toBe(
      true,
    );
    run.handle(chunk(0, 0));
    run.handle(chunk(1, 2));
    const data = await run.done;
    expect(data.strokes).toHaveLength(2);
    expect(sent).toEqual([
      { kind: 'offlineChunkAck', packetId: 0, ok: true, continue: true },
      { kind: 'offlineChunkAck', packetId: 1, ok: true, continue: false },
    ]);
  });

  it('refuses a bad chunk up to 3 times, then keeps bad checksums but fails on unreadable data', async () => {
    const a = setup();
    a.run.handle({ kind: 'offlineDataInfo', strokeCount: 1, totalSize: 43, compressed: true });
    for (let i = 0; i < 4; i++) a.run.handle(chunk(0, 2, { badChecksums: 1 }));
    const data = await a.run.done;
    expect(data.badChecksums).toBe(1);
    expect(a.sent.map((s) => s.kind === 'offlineChunkAck' && s.ok)).toEqual([false, false, false, true]);

    const b = setup();
    b.run.handle({ kind: 'offlineDataInfo', strokeCount: 1, totalSize: 43, compressed: true });
    for (let i = 0; i < 4; i++) b.run.handle(chunk(0, 2, { problem: 'inflate failed' }));
    await expect(b.run.done).rejects.toThrow('unreadable');
  });

  it('keeps the strokes already received when a later chunk is unreadable (a protocol error)', async () => {
    const { run } = setup();
    run.handle({ kind: 'offlineDataInfo', strokeCount: 2, totalSize: 86, compressed: true });
    run.handle(chunk(0, 0));
    const problem = 'cannot inflate: the compressed data inflates past the 43 bytes its header declares';
    for (let i = 0; i < 4; i++) run.handle(chunk(1, 2, { strokes: [], problem }));
    const error = await run.done.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OfflineDownloadError);
    expect(error).toMatchObject({
      code: 'penError',
      message: `offline chunk 1 unreadable: ${problem}`,
      received: { note: NOTE, strokes: [stroke], badChecksums: 0, chunks: 1 },
    });
  });

  it('an error response, or silence, fails the download', async () => {
    const a = setup();
    a.run.handle({ kind: 'errorResponse', cmd: 0xa3, err: 1, payload: new Uint8Array(0) });
    await expect(a.run.done).rejects.toMatchObject({ code: 'penError' });
    const b = setup();
    b.scheduler.advance(1000);
    await expect(b.run.done).rejects.toMatchObject({ code: 'timeout' });
  });

  it('does not take messages that are not its own', () => {
    const { run } = setup();
    expect(run.handle({ kind: 'lowBattery', levelPercent: 5 })).toBe(false);
    expect(run.handle({ kind: 'errorResponse', cmd: 0x85, err: 1, payload: new Uint8Array(0) })).toBe(false);
  });
});
