/**
 * The embedded database on a worker thread, seen from the main thread.
 *
 * PGlite runs each statement synchronously in WASM on the thread that owns it; on the server's
 * main thread every statement (≈ 12 ms for an ink upload) held up the realtime relay and every
 * other request. {@link openPGliteWorker} starts `pgliteWorker.ts` on a worker thread and answers
 * the members of PGlite that Kysely's `PGliteDialect` uses (`query`, `transaction`, `close`,
 * `closed`, `ready`, `waitReady`), plus {@link PGliteWorker.withFile} for statements that read
 * bytes from a file of the database's in-memory file system. The main thread only posts queries
 * and receives rows.
 *
 * Errors keep their properties (`code`, `detail`, `constraint`, …; see `pgliteProtocol.ts`). A
 * worker that stops (a crash, {@link PGliteWorker.kill}) rejects every pending and later call
 * with an error saying so; none waits forever.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { PGlite as KyselyPGlite, PGliteTransaction } from 'kysely';
import {
  fromWire,
  type Opened,
  type Reply,
  type Request,
  transferables,
  type WireQueryOptions,
  type WorkerOptions,
} from './pgliteProtocol';

/** Where the embedded database lives: a data directory, a dump to start from, or memory only. */
export interface PGliteWorkerOptions {
  readonly dataDir?: string;
  readonly loadDataDir?: Blob;
}

/**
 * The worker thread's first code. From the sources it registers tsx's TypeScript loader, then
 * loads `pgliteWorker.ts`: on Node 20 a worker does not take the parent's loader (not under
 * `tsx main.ts`, `node --import tsx`, nor vitest), and tsx's `--import` entry skips worker
 * threads: its `register()` is what works in all three. From the build (`dist/main.js`, plain
 * `node`, no tsx installed) it loads `dist/pgliteWorker.js` as it is.
 */
const BOOT = `const { workerData } = require('node:worker_threads');
(workerData.boot.tsx ? import(workerData.boot.tsx).then((tsx) => tsx.register()) : Promise.resolve())
  .then(() => import(workerData.boot.entry));`;

/** True when this module runs from the JavaScript build (scripts/build.mjs), not from the sources. */
const fromBuild = import.meta.url.endsWith('.js');

/** How the worker thread starts: tsx (sources only) and the worker's module. */
function workerBoot(): { tsx?: string; entry: string } {
  if (fromBuild) return { entry: new URL('./pgliteWorker.js', import.meta.url).href };
  return { tsx: tsxApi(), entry: new URL('./pgliteWorker.ts', import.meta.url).href };
}

/** tsx's ESM API (its `import` export; `require.resolve` names the CommonJS twin beside it). */
function tsxApi(): string {
  const commonJs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(commonJs.replace(/\.cjs$/, '.mjs')).href;
}

type Pending = {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly callSite: Error;
};

type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** The embedded database on its worker thread (see the module's comment). */
export class PGliteWorker implements KyselyPGlite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 0;
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;
  ready = false;
  readonly waitReady: Promise<void>;

  constructor(options: PGliteWorkerOptions, load?: Uint8Array<ArrayBuffer>) {
    const workerData: WorkerOptions & { boot: { tsx?: string; entry: string } } = {
      boot: workerBoot(),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(load ? { loadDataDir: load } : {}),
    };
    this.#worker = new Worker(BOOT, {
      eval: true,
      workerData,
      transferList: load ? [load.buffer] : [],
    });
    let crash: Error | undefined;
    let refuseOpen: (error: Error) => void = () => {};
    this.waitReady = new Promise<void>((resolve, reject) => {
      refuseOpen = reject;
      const opening = new Error('the embedded database could not open');
      const onOpened = (opened: Opened) => {
        if (opened.opened) {
          this.ready = true;
          this.#worker.on('message', (reply: Reply) => this.#answer(reply));
          resolve();
        } else {
          const { message } = opened.error;
          reject(fromWire({ ...opened.error, message: `${opening.message}: ${message}` }, opening));
          void this.#worker.terminate();
        }
      };
      this.#worker.once('message', onOpened);
    });
    // the caller learns of a failed start from `waitReady`; nothing else waits on it yet
    this.waitReady.catch(() => {});
    this.#worker.on('error', (error) => {
      crash = error;
    });
    this.#worker.on('exit', (code) => {
      this.#stopped ??= this.#closing
        ? new Error('the embedded database is closed')
        : new Error(
            `the embedded database stopped: its worker thread exited (code ${code})${crash ? `: ${crash.message}` : ''}`,
            crash ? { cause: crash } : undefined,
          );
      refuseOpen(this.#stopped);
      for (const pending of this.#pending.values()) pending.reject(this.#stopped);
      this.#pending.clear();
    });
  }

  /** True once closed, or once the worker has stopped. */
  get closed(): boolean {
    return this.#stopped !== undefined || this.#closing !== undefined;
  }

  #answer(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(fromWire(reply.error, pending.callSite));
  }

  #call<T>(call: Call, transfer: readonly ArrayBuffer[] = []): Promise<T> {
    const callSite = new Error('PGlite worker call');
    if (this.#closing && call.op !== 'close')
      return Promise.reject(new Error('the embedded database is closed'));
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#next;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, callSite });
      try {
        this.#worker.postMessage({ ...call, id } as Request, [...transfer]);
      } catch (error) {
        // e.g. a parameter that cannot be cloned (a function)
        this.#pending.delete(id);
        reject(error);
      }
    });
  }

  /** Runs one statement (outside any transaction: it waits for an open one to end). */
  async query<T>(sql: string, params?: unknown[], options?: WireQueryOptions): Promise<Results<T>> {
    await this.waitReady;
    return this.#call<Results<T>>({
      op: 'query',
      sql,
      ...(params ? { params } : {}),
      ...(options ? { options } : {}),
    });
  }

  /** Runs statements without parameters (PGlite's `exec`). */
  async exec(sql: string): Promise<Results<unknown>[]> {
    await this.waitReady;
    return this.#call({ op: 'exec', sql });
  }

  /**
   * Runs `fn` in a transaction: committed when `fn` resolves, rolled back when it throws (or
   * calls `tx.rollback()`). Transactions and queries outside them wait for each other, as in
   * PGlite itself.
   */
  async transaction<T>(fn: (tx: PGliteTransaction & { closed: boolean }) => Promise<T>): Promise<T> {
    await this.waitReady;
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    let rolledBack = false;
    const end = async (op: 'commit' | 'rollback') => {
      if (closed) return;
      closed = true;
      await this.#call({ op, tx: id });
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: WireQueryOptions): Promise<Results<R>> => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.#call<Results<R>>({
          op: 'txQuery',
          tx: id,
          sql,
          ...(params ? { params } : {}),
          ...(options ? { options } : {}),
        });
      },
      rollback: async () => {
        rolledBack = true;
        await end('rollback');
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await end('rollback').catch(() => {
        // the worker stopped: the transaction ended with it; the caller sees `fn`'s error
      });
      throw error;
    }
    if (!rolledBack) await end('commit');
    return result;
  }

  /**
   * Writes `bytes` to `file` in the database's in-memory file system, runs `sql` (which reads
   * it, e.g. with `pg_read_binary_file`) outside any transaction, and removes the file. The
   * bytes are handed to the worker, not copied, when they fill their own buffer: do not use them
   * afterwards.
   */
  async withFile<T>(
    file: string,
    bytes: Uint8Array,
    sql: string,
    params: readonly unknown[],
  ): Promise<Results<T>> {
    await this.waitReady;
    return this.#call<Results<T>>({ op: 'withFile', file, bytes, sql, params: [...params] }, [
      ...transferables(bytes),
    ]);
  }

  /** Closes the database (written to its data directory) and ends the worker. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#stopped) return;
      try {
        await this.waitReady;
        await this.#call({ op: 'close' });
      } finally {
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }

  /** Ends the worker at once, as a crash would (tests): every pending call is rejected. */
  async kill(): Promise<void> {
    await this.#worker.terminate();
  }
}

/** Starts the embedded database on a worker thread and waits until it answers. */
export async function openPGliteWorker(options: PGliteWorkerOptions): Promise<PGliteWorker> {
  const load = options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined;
  const worker = new PGliteWorker(options, load);
  await worker.waitReady;
  return worker;
}
