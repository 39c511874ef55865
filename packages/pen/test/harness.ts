/**
 * Integration rig: the real driver (session, manager, ink stroke builder) against the real
 * simulator, in process, on one manual scheduler. `drive` alternates "let promises run" and
 * "advance simulated time" until the awaited work is done, so nothing waits for real time.
 */

import { type PenEvent, type Stroke, StrokeBuilder, type StrokeRole, seededKeySource } from '@dotink/ink';
import { type MemoryLogger, memoryLogger } from '@dotink/ncode';
import { createPenManager, type PenManager } from '../src/manager';
import {
  type AskPassword,
  type ManualScheduler,
  manualScheduler,
  type PenNotice,
  PenSession,
  type PenSessionOptions,
  type PenStateChange,
} from '../src/session';
import type { ScriptItem } from '../src/simulator';
import { createPenSimulator, type PenSimulator, type PenSimulatorOptions } from '../src/simulator';
import { inProcessTransport } from '../src/transports';

/** 2023-11-14T22:13:20Z, the fact sheet's T0. */
export const T0 = 1_700_000_000_000;

/** Lets every pending promise continuation run (a macrotask turn). */
export const settle = () => new Promise<void>((r) => setImmediate(r));

/** Drives `scheduler` until `work` settles (at most `maxMs` of simulated time). */
export async function drive<T>(
  scheduler: ManualScheduler,
  work: Promise<T>,
  stepMs = 5,
  maxMs = 120_000,
): Promise<T> {
  let done = false;
  work.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let elapsed = 0; ; elapsed += stepMs) {
    await settle();
    scheduler.runDue();
    await settle();
    if (done) return work;
    if (elapsed > maxMs) throw new Error(`still waiting after ${maxMs} ms of simulated time`);
    scheduler.advance(stepMs);
  }
}

export interface RigOptions {
  readonly sim?: Omit<Partial<PenSimulatorOptions>, 'scheduler'>;
  readonly session?: Omit<Partial<PenSessionOptions>, 'transport' | 'scheduler'>;
  readonly askPassword?: AskPassword;
}

export interface Rig {
  readonly scheduler: ManualScheduler;
  readonly sim: PenSimulator;
  readonly session: PenSession;
  readonly manager: PenManager;
  readonly builder: StrokeBuilder;
  readonly logger: MemoryLogger;
  /** Completed strokes, in order, with their role. */
  readonly completed: { stroke: Stroke; role: StrokeRole }[];
  /** Pen events as the manager forwarded them. */
  readonly events: PenEvent[];
  readonly states: PenStateChange[];
  readonly notices: PenNotice[];
  connect(): Promise<boolean>;
  /** Plays a script on the pen and drives time until it is done. */
  play(items: readonly ScriptItem[]): Promise<void>;
  /** Drives time until `work` settles. */
  run<T>(work: Promise<T>): Promise<T>;
}

/** A pen, a session over an in-process link, a manager and a stroke builder, wired together. */
export function rig(options: RigOptions = {}): Rig {
  const scheduler = manualScheduler(T0);
  const logger = memoryLogger();
  const sim = createPenSimulator({ scheduler, ...options.sim });
  const session = new PenSession({
    transport: inProcessTransport(sim, { id: 'sim-device', name: sim.identity.modelName }),
    scheduler,
    logger,
    ...(options.askPassword ? { askPassword: options.askPassword } : {}),
    ...options.session,
  });
  const manager = createPenManager({ logger });
  const completed: Rig['completed'] = [];
  const builder = new StrokeBuilder({
    keys: seededKeySource(7),
    listener: { strokeCompleted: (stroke, role) => completed.push({ stroke, role }) },
    brushFor: (penId) => manager.strokeStyle(penId),
    logger,
  });
  const events: PenEvent[] = [];
  manager.onEvent((e) => {
    events.push(e);
    builder.handle(e);
  });
  manager.attach(session);
  const states: PenStateChange[] = [];
  session.onStateChange((s) => states.push(s));
  const notices: PenNotice[] = [];
  session.onNotice((n) => notices.push(n));
  const run = <T>(work: Promise<T>) => drive(scheduler, work);
  return {
    scheduler,
    sim,
    session,
    manager,
    builder,
    logger,
    completed,
    events,
    states,
    notices,
    connect: () => run(session.connect()),
    run,
    async play(items) {
      const idle = new Promise<void>((resolve) => {
        const off = sim.script.onIdle(() => {
          off();
          resolve();
        });
      });
      sim.script.play(items);
      await run(idle);
      await run(Promise.resolve());
    },
  };
}
