/**
 * Realistic demo ink: each pupil's pen is the pen simulator (`@dotink/pen/simulator`) with the
 * pupil's registered address, driven in process through the real pen session, pen manager and
 * ink stroke builder on a simulated clock, writing handwriting-like strokes on textbook pages.
 * The strokes then take the product's path into the store: upload payloads (`encodeStrokeUploads`)
 * read by the upload decoder and stored as an upload would be.
 *
 * Decision: the simulator, not the ink test driver. Simulated time makes it fast enough for the
 * first start (about 0.1 s per pupil page here), and the ink carries what a real pen gives: pen
 * time, force curves, dot spacing, the pen's own address.
 */
import { encodeStrokeUploads, type Stroke, StrokeBuilder, seededKeySource, withStroke } from '@dotink/ink';
import { manualClock, type PageAddress, pageAddress, silentLogger } from '@dotink/ncode';
import {
  createPenManager,
  inProcessTransport,
  type ManualScheduler,
  manualScheduler,
  PenSession,
} from '@dotink/pen';
import { createPenSimulator, handwriting, seededPrng } from '@dotink/pen/simulator';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { storeUpload } from './inkStrokeStore';
import { decodeUpload } from './uploadDecode';

/** One pupil's writing to simulate. */
export interface PupilWriting {
  readonly studentId: string;
  /** The pupil's pen address. */
  readonly mac: string;
  readonly pages: readonly PageAddress[];
  readonly strokesPerPage: number;
  /** When the pen starts writing, epoch ms. */
  readonly startMs: number;
  readonly seed: number;
}

const settle = () => new Promise<void>((r) => setImmediate(r));

/** Runs the scheduler until `work` settles (simulated time, no real waiting). */
async function drive<T>(scheduler: ManualScheduler, work: Promise<T>, maxMs = 600_000): Promise<T> {
  let done = false;
  const mark = () => {
    done = true;
  };
  work.then(mark, mark);
  for (let elapsed = 0; !done; elapsed += 5) {
    await settle();
    scheduler.runDue();
    await settle();
    if (done) break;
    if (elapsed > maxMs) throw new Error('demo ink: the simulated pen did not finish');
    scheduler.advance(5);
  }
  return work;
}

/** The strokes a simulated pen writes for one pupil. */
export async function simulatePupilInk(w: PupilWriting): Promise<Stroke[]> {
  const scheduler = manualScheduler(w.startMs);
  const sim = createPenSimulator({ scheduler, identity: { mac: w.mac }, seed: w.seed });
  const session = new PenSession({
    transport: inProcessTransport(sim, { id: `demo-${w.mac}`, name: sim.identity.modelName }),
    scheduler,
    logger: silentLogger,
  });
  const manager = createPenManager({ logger: silentLogger });
  const strokes: Stroke[] = [];
  const builder = new StrokeBuilder({
    keys: seededKeySource(w.seed),
    listener: { strokeCompleted: (stroke) => strokes.push(stroke) },
    brushFor: (penId) => manager.strokeStyle(penId),
    logger: silentLogger,
  });
  manager.onEvent((e) => builder.handle(e));
  manager.attach(session);
  await drive(scheduler, session.connect());
  const rng = seededPrng(w.seed);
  for (const page of w.pages) {
    const idle = new Promise<void>((resolve) => {
      const off = sim.script.onIdle(() => {
        off();
        resolve();
      });
    });
    sim.script.play(handwriting(page, rng, w.strokesPerPage, 40 + rng.int(0, 30)));
    await drive(scheduler, idle);
    scheduler.advance(20_000 + rng.int(0, 40_000));
  }
  await drive(scheduler, Promise.resolve());
  session.disconnect();
  return strokes.map((s) => withStroke(s, { writerId: w.studentId, surfaceOwnerId: w.studentId }));
}

/** Simulates and stores the writing of each pupil; answers the number of strokes stored. */
export async function seedDemoInk(db: Kysely<Database>, pupils: readonly PupilWriting[]): Promise<number> {
  let stored = 0;
  for (const w of pupils) {
    const strokes = await simulatePupilInk(w);
    const payloads = encodeStrokeUploads(strokes, {
      writer: w.studentId,
      clock: manualClock(w.startMs + 3_600_000),
    });
    const decoded = decodeUpload(payloads, w.studentId, w.startMs + 3_600_000);
    stored += (await storeUpload(db, w.studentId, decoded.pages, w.startMs + 3_600_000)).stored;
  }
  return stored;
}

/** The demo's writing: pupils 1–6 on four pages of the lesson "1단원" (book 3.1012.1191, p. 10–13). */
export function demoWriting(
  studentIds: readonly string[],
  macOf: (pupilNumber: number) => string,
  lessonStartMs: number,
): PupilWriting[] {
  return studentIds.slice(0, 6).map((studentId, i) => ({
    studentId,
    mac: macOf(i + 1),
    pages: [10, 11, 12, 13].map((p) => pageAddress(3, 1012, 1191, p)),
    strokesPerPage: 10 + ((i * 5) % 9),
    startMs: lessonStartMs + 5 * 60_000 + i * 47_000,
    seed: 101 + i,
  }));
}
