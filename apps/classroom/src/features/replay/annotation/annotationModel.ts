/**
 * The teacher's annotation on a pupil's page (classroom.md §4 "Annotation upload", §6, §7).
 *
 * - Strokes the teacher writes collect as unuploaded; each pen-up sets the changed flag.
 * - Upload is possible only after a new pen-up with unuploaded strokes, and not while uploading.
 * - An upload groups the strokes per surface owner (the pupil) and, for each, signs in as that
 *   pupil and sends one page record per page (`encodeStrokeUploads`: writer = the pupil, each
 *   stroke's writeId = the teacher). It stops at the first failure: the strokes not uploaded stay
 *   for the next try (the server skips strokes it has, so a retry never stores anything twice).
 * - Success clears the changed flag (unless the pen went up again meanwhile).
 */
import { encodeStrokeUploads, type Stroke } from '@dotink/ink';
import type { Clock } from '@dotink/ncode';
import type { StudentInkCalls } from '../../../api/annotation';

/** The pupil's sign-in (the password is the pupil id until a teacher resets it). */
export interface PupilSignIn {
  readonly studentId: string;
  readonly password: string;
}

export interface AnnotationDeps {
  /** The sign-in of a pupil (`GET …/students/{studentId}/credentials`). */
  readonly signInOf: (studentId: string) => Promise<PupilSignIn>;
  readonly calls: StudentInkCalls;
  /** Gives each page record's createDate. */
  readonly clock: Clock;
}

/** What the upload button and its messages read. */
export interface AnnotationState {
  /** Strokes written and not uploaded yet. */
  readonly pending: readonly Stroke[];
  /** A pen-up happened since the last successful upload. */
  readonly changed: boolean;
  readonly uploading: boolean;
}

/** How an upload ended. */
export type UploadOutcome =
  | { readonly ok: true; readonly strokes: number }
  | { readonly ok: false; readonly reason: 'login' | 'upload'; readonly error: unknown };

/** True when the upload button is enabled (§4: a new pen-up and unuploaded strokes). */
export function canUpload(state: AnnotationState): boolean {
  return state.changed && state.pending.length > 0 && !state.uploading;
}

/** The strokes per surface owner, in the order each owner first appears. */
export function groupByOwner(strokes: readonly Stroke[]): Map<string, Stroke[]> {
  const groups = new Map<string, Stroke[]>();
  for (const s of strokes) {
    const list = groups.get(s.surfaceOwnerId);
    if (list) list.push(s);
    else groups.set(s.surfaceOwnerId, [s]);
  }
  return groups;
}

/** The annotation of one replay screen. */
export class AnnotationModel {
  private state: AnnotationState = { pending: [], changed: false, uploading: false };
  private readonly listeners = new Set<() => void>();
  /** Pen-ups so far (an upload clears `changed` only if none came while it ran). */
  private penUps = 0;

  constructor(private readonly deps: AnnotationDeps) {}

  /** The state now (a new object after each change). */
  get = (): AnnotationState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A stroke the teacher completed (pen-up). */
  add(stroke: Stroke): void {
    this.penUps++;
    this.set({ pending: [...this.state.pending, stroke], changed: true });
  }

  /** Uploads the unuploaded strokes (§7). Does nothing useful unless {@link canUpload}. */
  async upload(): Promise<UploadOutcome> {
    if (!canUpload(this.state)) return { ok: true, strokes: 0 };
    const penUpsAtStart = this.penUps;
    const batch = this.state.pending;
    this.set({ uploading: true });
    let sent = 0;
    const done = new Set<Stroke>();
    try {
      for (const [owner, strokes] of groupByOwner(batch)) {
        let token: string;
        try {
          const signIn = await this.deps.signInOf(owner);
          token = await this.deps.calls.login(signIn.studentId, signIn.password);
        } catch (error) {
          return { ok: false, reason: 'login', error };
        }
        const records = encodeStrokeUploads(strokes, { writer: owner, clock: this.deps.clock });
        try {
          await this.deps.calls.upload(token, records);
        } catch (error) {
          return { ok: false, reason: 'upload', error };
        }
        for (const s of strokes) done.add(s);
        sent += strokes.length;
      }
      return { ok: true, strokes: sent };
    } finally {
      const pending = this.state.pending.filter((s) => !done.has(s));
      const allSent = done.size === batch.length;
      this.set({
        pending,
        uploading: false,
        changed: allSent ? this.penUps !== penUpsAtStart : this.state.changed,
      });
    }
  }

  private set(change: Partial<AnnotationState>): void {
    this.state = { ...this.state, ...change };
    for (const l of this.listeners) l();
  }
}
