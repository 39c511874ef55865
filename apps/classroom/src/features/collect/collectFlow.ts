/**
 * Collect pens after class (issue 16), as a state machine without DOM: for each connected pen
 *
 * 1. the pen is matched to its pupil by address from the class list; a pen of no pupil of the
 *    class is named and skipped (nothing read, nothing deleted);
 * 2. its offline notes are listed and each note is downloaded (the pen keeps it);
 * 3. the note's strokes, with stable keys (`stableOfflineKeys`: pen, page, pen-down time), are
 *    uploaded to the ink store as the pupil (signed in with the pupil's password), in batches;
 * 4. the note is deleted from the pen only after the server's answers confirmed every stroke
 *    (received = sent, and stored + updated + duplicates = received).
 *
 * Each pen (each pupil) says what its collection did: strokes new to the server, strokes it had
 * already (a second collection of the same notes stores nothing and says so), and strokes of
 * other days than the lesson's (uploaded under their own times, not the lesson's).
 *
 * Any failure stops that pen with the step that failed; the pen keeps what was not confirmed.
 * A retry (or a new connection of the pen) repeats the collection: notes already deleted are
 * gone, the others are downloaded again, and the server skips the strokes it already has (same
 * keys), so nothing is stored twice. Cancel stops a pen after the step under way; a note whose
 * upload was not confirmed before the cancel is not deleted.
 */

import type { UploadData, UploadRecord } from '@dotink/contracts/inkstore';
import { penKey, samePen } from '@dotink/contracts/penAddress';
import { encodeStrokeUploads, type Stroke } from '@dotink/ink';
import type { BookAddress, Clock } from '@dotink/ncode';
import { importOfflineStrokes, type OfflineNoteData, stableOfflineKeys } from '@dotink/pen';

/** Strokes per upload request (≈ 1 MB of JSON for 30-dot strokes). */
export const COLLECT_BATCH_STROKES = 1000;

/** Download progress is shown at most this often (a pen sends a chunk every few ms). */
export const PROGRESS_EVERY_MS = 100;

/** What the flow needs of a connected pen. */
export interface CollectablePen {
  /** The pen's address (AA:BB:CC:DD:EE:FF). */
  readonly mac: string;
  /** Its name in the list (model and end of the address). */
  readonly name: string;
  listNotes(): Promise<readonly BookAddress[]>;
  /** Downloads a note, keeping it on the pen; `onStrokes` gets the strokes received so far. */
  download(note: BookAddress, onStrokes: (count: number) => void): Promise<OfflineNoteData>;
  /** Deletes a whole note from the pen. */
  deleteNote(note: BookAddress): Promise<void>;
}

/** A pupil of the class, as the class list gives it. */
export interface ClassPupil {
  readonly studentId: string;
  readonly num: number;
  readonly name: string;
  /** The registered pen address (may be empty, or all zeros: no pen). */
  readonly mac: string;
}

/** The calls the flow makes. */
export interface CollectDeps {
  /** Signs in as the pupil (the class's credentials, password grant): the access token. */
  signIn(studentId: string): Promise<string>;
  /** `POST /inkstore/v1/data` with the pupil's token. */
  upload(token: string, records: readonly UploadRecord[]): Promise<UploadData>;
  /** Gives each page record's createDate. */
  readonly clock: Clock;
  readonly batchStrokes?: number;
  /**
   * Whether a stroke started (epoch ms) on the lesson's day; strokes of other days are counted
   * apart. Without it every stroke counts as the lesson's.
   */
  readonly onLessonDay?: (timeMs: number) => boolean;
}

/** Where a pen is in its collection. */
export type CollectPhase =
  | 'reading'
  | 'downloading'
  | 'uploading'
  | 'deleting'
  | 'done'
  | 'unknown'
  | 'failed'
  | 'cancelled';

/** The step that failed. */
export type CollectStep = 'read' | 'download' | 'signIn' | 'upload' | 'confirm' | 'delete';

/** One pen's collection as the dialog shows it. */
export interface PenCollection {
  readonly mac: string;
  readonly name: string;
  /** The pupil whose pen it is (undefined: not a pen of the class). */
  readonly pupil: ClassPupil | undefined;
  readonly phase: CollectPhase;
  /** Notes found on the pen, and those collected (uploaded, confirmed and deleted). */
  readonly notes: number;
  readonly notesDone: number;
  /** Strokes downloaded and strokes the server confirmed, over every note of this run. */
  readonly downloaded: number;
  readonly uploaded: number;
  /** Of the strokes uploaded: new to the server (stored or a newer version), and kept already. */
  readonly fresh: number;
  readonly already: number;
  /** Strokes downloaded whose start is on another day than the lesson's. */
  readonly otherDays: number;
  readonly failure?: { readonly step: CollectStep; readonly error: unknown };
}

/** The answer confirms every stroke of the batch. */
export function confirmsAll(answer: UploadData, sent: number): boolean {
  return answer.received === sent && answer.stored + answer.updated + answer.duplicates === answer.received;
}

/** The pupil whose registered pen is `mac`. */
export function pupilOfPen(pupils: readonly ClassPupil[], mac: string): ClassPupil | undefined {
  if (penKey(mac) === undefined) return undefined;
  return pupils.find((p) => samePen(p.mac, mac));
}

/** Splits `items` into runs of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Thrown inside a run when the teacher cancelled it. */
class Cancelled extends Error {}

class StepFailed extends Error {
  constructor(
    readonly step: CollectStep,
    override readonly cause: unknown,
  ) {
    super(`collect: ${step} failed`);
  }
}

/** The collection of every pen the teacher connected (several may run at once). */
export class CollectModel {
  private readonly pens = new Map<string, PenCollection>();
  private readonly handles = new Map<string, CollectablePen>();
  private readonly cancels = new Map<string, () => void>();
  private list: readonly PenCollection[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly pupils: readonly ClassPupil[],
    private readonly deps: CollectDeps,
  ) {}

  /** The pens in the order they were connected (a new array after each change). */
  get = (): readonly PenCollection[] => this.list;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** True while a pen's collection is under way. */
  running(mac: string): boolean {
    return this.cancels.has(mac);
  }

  /**
   * Collects a pen (a newly connected one, or again after a failure or a cancel); resolves with
   * its final state. A pen already running is left alone.
   */
  async collect(pen: CollectablePen): Promise<PenCollection> {
    if (this.cancels.has(pen.mac)) return this.pens.get(pen.mac)!;
    this.handles.set(pen.mac, pen);
    const pupil = pupilOfPen(this.pupils, pen.mac);
    this.put({
      mac: pen.mac,
      name: pen.name,
      pupil,
      phase: pupil ? 'reading' : 'unknown',
      notes: 0,
      notesDone: 0,
      downloaded: 0,
      uploaded: 0,
      fresh: 0,
      already: 0,
      otherDays: 0,
    });
    if (!pupil) return this.pens.get(pen.mac)!;
    let cancelled = false;
    let wake: () => void = () => undefined;
    const cancelledNow = new Promise<never>((_, reject) => {
      wake = () => reject(new Cancelled());
    });
    // observed by each step's race; this handler only keeps a cancel between two steps from
    // being reported as an unhandled rejection
    cancelledNow.catch(() => undefined);
    this.cancels.set(pen.mac, () => {
      cancelled = true;
      wake();
    });
    /** Runs a step unless cancelled; a cancel during the step ends the wait. */
    const step = async <T>(name: CollectStep, work: () => Promise<T>): Promise<T> => {
      if (cancelled) throw new Cancelled();
      try {
        return await Promise.race([work(), cancelledNow]);
      } catch (error) {
        if (error instanceof Cancelled) throw error;
        throw new StepFailed(name, error);
      }
    };
    try {
      await this.run(pen, pupil, step);
      this.patch(pen.mac, { phase: 'done' });
    } catch (error) {
      if (error instanceof Cancelled) this.patch(pen.mac, { phase: 'cancelled' });
      else if (error instanceof StepFailed)
        this.patch(pen.mac, { phase: 'failed', failure: { step: error.step, error: error.cause } });
      else this.patch(pen.mac, { phase: 'failed', failure: { step: 'read', error } });
    } finally {
      this.cancels.delete(pen.mac);
    }
    return this.pens.get(pen.mac)!;
  }

  /** Collects a pen again (after a failure or a cancel). */
  retry(mac: string): Promise<PenCollection> | undefined {
    const pen = this.handles.get(mac);
    return pen ? this.collect(pen) : undefined;
  }

  /** Stops a pen's collection after the step under way (nothing unconfirmed is deleted). */
  cancel(mac: string): void {
    this.cancels.get(mac)?.();
  }

  /** Cancels every run (the dialog closes). */
  cancelAll(): void {
    for (const c of this.cancels.values()) c();
  }

  private async run(
    pen: CollectablePen,
    pupil: ClassPupil,
    step: <T>(name: CollectStep, work: () => Promise<T>) => Promise<T>,
  ): Promise<void> {
    const notes = await step('read', () => pen.listNotes());
    this.patch(pen.mac, { notes: notes.length });
    let token: string | undefined;
    const keys = stableOfflineKeys(pen.mac);
    const size = this.deps.batchStrokes ?? COLLECT_BATCH_STROKES;
    let downloadedBefore = 0;
    for (const note of notes) {
      this.patch(pen.mac, { phase: 'downloading' });
      const base = downloadedBefore;
      let shownAt = Number.NEGATIVE_INFINITY;
      const data = await step('download', () =>
        pen.download(note, (n) => {
          const now = this.deps.clock.nowMs();
          if (now - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = now;
          this.patch(pen.mac, { downloaded: base + n });
        }),
      );
      const strokes: Stroke[] = importOfflineStrokes(data, keys, {
        mac: pen.mac,
        writerId: pupil.studentId,
        surfaceOwnerId: pupil.studentId,
      });
      downloadedBefore += data.strokes.length;
      const onDay = this.deps.onLessonDay;
      const otherDays = onDay ? strokes.filter((s) => !onDay(s.startTimeMs)).length : 0;
      this.patch(pen.mac, {
        downloaded: downloadedBefore,
        phase: 'uploading',
        otherDays: this.pens.get(pen.mac)!.otherDays + otherDays,
      });
      if (strokes.length > 0) token ??= await step('signIn', () => this.deps.signIn(pupil.studentId));
      for (const batch of batches(strokes, size)) {
        const records = encodeStrokeUploads(batch, { writer: pupil.studentId, clock: this.deps.clock });
        const answer = await step('upload', () => this.deps.upload(token!, records));
        if (!confirmsAll(answer, batch.length)) throw new StepFailed('confirm', answer);
        const cur = this.pens.get(pen.mac)!;
        this.patch(pen.mac, {
          uploaded: cur.uploaded + batch.length,
          fresh: cur.fresh + answer.stored + answer.updated,
          already: cur.already + answer.duplicates,
        });
      }
      this.patch(pen.mac, { phase: 'deleting' });
      await step('delete', () => pen.deleteNote(note));
      this.patch(pen.mac, { notesDone: this.pens.get(pen.mac)!.notesDone + 1 });
    }
  }

  private put(p: PenCollection): void {
    this.pens.set(p.mac, p);
    this.emit();
  }

  private patch(mac: string, change: Partial<PenCollection>): void {
    const cur = this.pens.get(mac);
    if (!cur) return;
    const next: PenCollection = { ...cur, ...change };
    if (change.phase !== undefined && change.phase !== 'failed' && !('failure' in change)) {
      delete (next as { failure?: unknown }).failure;
    }
    this.pens.set(mac, next);
    this.emit();
  }

  private emit(): void {
    this.list = [...this.pens.values()];
    for (const l of this.listeners) l();
  }
}
