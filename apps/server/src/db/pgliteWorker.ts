/**
 * The PGlite worker: owns the embedded database (PGlite with one-trip queries, see
 * `pgliteOneTrip.ts`) on its own thread, so the WASM that runs each statement never holds up
 * the server's main thread. It answers the requests of `pgliteClient.ts` (see
 * `pgliteProtocol.ts`); a transaction stays open inside `pglite.transaction` until the main
 * thread commits it or rolls it back, exactly as Kysely's PGlite driver holds one in-process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { oneTripQueries } from './pgliteOneTrip';
import {
  type Opened,
  type Reply,
  type Request,
  toWire,
  transferables,
  type WorkerOptions,
} from './pgliteProtocol';

const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs as a worker thread (see pgliteClient.ts)');

/** Thrown inside `pglite.transaction` to make it roll back. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  readonly tx: Transaction;
  /** Ends the transaction: commit (true) or roll back (false). */
  readonly end: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  readonly done: Promise<unknown>;
}

const options = workerData as WorkerOptions;
const transactions = new Map<number, OpenTransaction>();

function reply(id: number, value: unknown): void {
  const message: Reply = { id, ok: true, value };
  try {
    port!.postMessage(message, [...transferables(value)]);
  } catch (error) {
    // a value that cannot cross (none of PGlite's types): the caller gets the reason
    fail(id, error);
  }
}

function fail(id: number, error: unknown): void {
  const message: Reply = { id, ok: false, error: toWire(error) };
  port!.postMessage(message);
}

function openTransaction(pglite: PGlite, id: number): Promise<void> {
  return new Promise<void>((begun, refused) => {
    let end: (commit: boolean) => void = () => {};
    const ended = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    const done = pglite.transaction(async (tx) => {
      transactions.set(id, { tx, end, done });
      begun();
      if (!(await ended)) throw ROLLBACK;
    });
    // a transaction PGlite could not begin never reached `begun`
    done.catch(refused);
  });
}

function transaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open;
}

async function handle(pglite: PGlite, raw: PGlite, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return pglite.query(request.sql, request.params, request.options);
    case 'exec':
      return pglite.exec(request.sql);
    case 'begin':
      await openTransaction(pglite, request.id);
      return request.id;
    case 'txQuery':
      return transaction(request.tx).tx.query(request.sql, request.params, request.options);
    case 'commit': {
      const open = transaction(request.tx);
      transactions.delete(request.tx);
      open.end(true);
      await open.done;
      return undefined;
    }
    case 'rollback': {
      const open = transaction(request.tx);
      transactions.delete(request.tx);
      open.end(false);
      try {
        await open.done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return undefined;
    }
    case 'withFile': {
      // The file lives in PGlite's in-memory /tmp: the bytes reach the database in one native
      // copy (a bytea parameter is copied piecewise and parsed).
      // The bytes are this thread's own (handed over or cloned): the file keeps them, no copy.
      const { FS } = raw.Module;
      FS.writeFile(request.file, request.bytes, { canOwn: true });
      try {
        return await raw.query(request.sql, request.params, { rowMode: 'object' });
      } finally {
        FS.unlink(request.file);
      }
    }
    case 'close':
      for (const open of transactions.values()) open.end(false);
      transactions.clear();
      if (!pglite.closed) await pglite.close();
      return undefined;
  }
}

async function main(): Promise<void> {
  let raw: PGlite;
  let pglite: PGlite;
  try {
    raw = new PGlite({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
    });
    await raw.waitReady;
    pglite = oneTripQueries(raw);
  } catch (error) {
    const opened: Opened = { opened: false, error: toWire(error) };
    port!.postMessage(opened);
    return;
  }
  const opened: Opened = { opened: true };
  port!.postMessage(opened);
  port!.on('message', (request: Request) => {
    handle(pglite, raw, request).then(
      (value) => reply(request.id, value),
      (error: unknown) => fail(request.id, error),
    );
  });
}

void main();
