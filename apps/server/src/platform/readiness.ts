/**
 * Readiness (`GET /api/ready`): whether this process should get traffic, as a list of named
 * checks run at each call, plus the drain state. `/api/health` says only that the process
 * answers (liveness); `/api/ready` answers 503 when a check fails or while the process drains
 * (after SIGTERM), naming what is wrong. Checks: `database` (a query answers), `migrations` (none
 * pending); the object store and the realtime bus add theirs to {@link readinessChecks}.
 */
import { sql } from 'kysely';
import { createMigrator } from '../db/migrate';
import type { Services } from './types';

/** One named check: resolves when fine, throws (its message says why) when not. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<void>;
}

export interface ReadinessReport {
  readonly ready: boolean;
  readonly draining: boolean;
  readonly checks: readonly { readonly name: string; readonly ok: boolean; readonly message?: string }[];
}

/** A check that takes longer than this fails (a hung database is not a ready one). */
const CHECK_TIMEOUT_MS = 3000;

function withTimeout(check: ReadinessCheck, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([check.check(), late]).finally(() => clearTimeout(timer));
}

/** The drain state and the checks of one process (one per app: `app.services.readiness`). */
export class Readiness {
  private drainingSince: number | undefined;
  private readonly drainListeners = new Set<() => void>();
  private readonly checks: ReadinessCheck[];

  constructor(
    checks: readonly ReadinessCheck[] = [],
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {
    this.checks = [...checks];
  }

  add(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** From now on not ready; tells the listeners (the realtime hub closes its sockets) once. */
  startDraining(nowMs: number): void {
    if (this.drainingSince !== undefined) return;
    this.drainingSince = nowMs;
    for (const listener of this.drainListeners) listener();
  }

  /** Calls `listener` when draining starts; answers the unsubscribe. */
  onDrain(listener: () => void): () => void {
    this.drainListeners.add(listener);
    return () => this.drainListeners.delete(listener);
  }

  /** Runs every check at once. */
  async report(): Promise<ReadinessReport> {
    const checks = await Promise.all(
      this.checks.map(async (c) => {
        try {
          await withTimeout(c, this.timeoutMs);
          return { name: c.name, ok: true };
        } catch (error) {
          return { name: c.name, ok: false, message: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    const draining = this.draining;
    return { ready: !draining && checks.every((c) => c.ok), draining, checks };
  }
}

/** The database answers a query. */
export function databaseCheck(services: Pick<Services, 'db'>): ReadinessCheck {
  return {
    name: 'database',
    async check() {
      await sql`select 1`.execute(services.db);
    },
  };
}

/** Every migration has run (another process may still be migrating a shared database). */
export function migrationsCheck(services: Pick<Services, 'db'>): ReadinessCheck {
  let done = false; // migrations are never undone under a running process
  return {
    name: 'migrations',
    async check() {
      if (done) return;
      const pending = (await createMigrator(services.db).getMigrations()).filter((m) => !m.executedAt);
      if (pending.length > 0) throw new Error(`${pending.length} pending (${pending[0]!.name} …)`);
      done = true;
    },
  };
}

/** The checks of a server process. */
export function readinessChecks(services: Pick<Services, 'db'>): ReadinessCheck[] {
  return [databaseCheck(services), migrationsCheck(services)];
}
