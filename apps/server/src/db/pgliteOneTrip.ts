/**
 * PGlite queries in one protocol round trip (issue 11, "Speed").
 *
 * `PGlite.query(sql, params)` sends Parse, Describe statement, Bind, Describe portal, Execute and
 * Sync as six separate calls into the database (it describes the statement first to learn the
 * parameters' types and serialise them). Each call costs a fixed ~0.05–0.3 ms, which on the page-ink
 * search was most of the database's time per request, and PGlite's single session serialises it.
 *
 * When every parameter is text, a number, a bigint or null (what our queries send), the types are
 * not needed: Parse with unspecified parameter types lets PostgreSQL infer each from its use (as
 * `pg` does against a real server), and the values go as text. Then Parse + Bind + Describe portal
 * + Execute + Sync travel as ONE message, and the answer is parsed with PGlite's own type parsers.
 * Any other parameter (a Date, bytes, an array, an object, a boolean) or option takes PGlite's own
 * path, unchanged.
 *
 * Statements are prepared once per session and then bound by name (see {@link Statements}).
 *
 * Locking is PGlite's: outside a transaction the query takes the transaction lock and the query
 * lock (so it never runs inside another caller's open transaction), inside one only the query lock.
 */
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import type {
  BackendMessage,
  CommandCompleteMessage,
  DataRowMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages';

type Param = string | number | bigint | null | undefined;

/** PGlite's members this module uses that its types do not list. */
interface PGliteInternals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  readonly parsers: Record<number, (text: string, typeId: number) => unknown>;
}

/** True when `params` and `options` can take the one-trip path. */
function oneTrip(params: readonly unknown[] | undefined, options: unknown): params is readonly Param[] {
  if (options !== undefined) {
    const keys = Object.keys(options as object);
    if (keys.some((k) => k !== 'rowMode') || (options as { rowMode?: string }).rowMode !== 'object')
      return false;
  }
  for (const p of params ?? []) {
    const t = typeof p;
    if (!(p === null || p === undefined || t === 'string' || t === 'number' || t === 'bigint')) return false;
    if (t === 'number' && !Number.isFinite(p as number)) return false;
  }
  return true;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Most statements kept prepared in the session (the least recently used is closed). */
export const MAX_PREPARED = 400;

/**
 * The session's prepared statements, by SQL text: a statement parsed once is bound and executed
 * by name afterwards, so PostgreSQL neither parses nor (after a few runs, with a generic plan)
 * plans it again. Kysely's SQL texts repeat (the values are parameters), so a few hundred names
 * cover the app. A statement counts as prepared only once its Parse has succeeded.
 */
class Statements {
  readonly #names = new Map<string, string>();
  #next = 0;
  /** Closes to send before the next query (statements evicted from the map). */
  #closing: string[] = [];

  /** The messages of one query, and the name to record when its Parse succeeds (if new). */
  message(sql: string, params: readonly Param[]): { bytes: Uint8Array; parsed?: [string, string] } {
    const values = params.map((p) => (p === null || p === undefined ? null : String(p)));
    const parts: Uint8Array[] = [];
    for (const name of this.#closing) parts.push(serialize.close({ type: 'S', name }));
    this.#closing = [];
    let name = this.#names.get(sql);
    let parsed: [string, string] | undefined;
    if (name === undefined) {
      name = `dotink_${++this.#next}`;
      parts.push(serialize.parse({ name, text: sql, types: [] }));
      parsed = [sql, name];
    } else {
      // most recently used last
      this.#names.delete(sql);
      this.#names.set(sql, name);
    }
    parts.push(
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    return { bytes: concat(parts), ...(parsed ? { parsed } : {}) };
  }

  /** Records a statement whose Parse succeeded. */
  prepared(sql: string, name: string): void {
    this.#names.set(sql, name);
    if (this.#names.size > MAX_PREPARED) {
      const [oldSql, oldName] = this.#names.entries().next().value as [string, string];
      this.#names.delete(oldSql);
      this.#closing.push(oldName);
    }
  }

  /** Forgets a statement (its plan no longer fits the schema); it is closed with the next query. */
  forget(sql: string): void {
    const name = this.#names.get(sql);
    if (name === undefined) return;
    this.#names.delete(sql);
    this.#closing.push(name);
  }
}

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** The answer of one query, as `PGlite.query(…, { rowMode: 'object' })` gives it. */
function results<T>(messages: readonly BackendMessage[], parsers: PGliteInternals['parsers']): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  for (const m of messages) {
    switch (m.name) {
      case 'error':
        throw m;
      case 'rowDescription':
        fields = (m as RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
        break;
      case 'dataRow': {
        const values = (m as DataRowMessage).fields;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const f = fields[i]!;
          const text = values[i];
          const parse = parsers[f.dataTypeID];
          row[f.name] = text === null || text === undefined ? null : parse ? parse(text, f.dataTypeID) : text;
        }
        rows.push(row);
        break;
      }
      case 'commandComplete': {
        const words = (m as CommandCompleteMessage).text.split(' ');
        const count = Number.parseInt(words[words.length - 1] ?? '', 10);
        if (COUNTED.has(words[0] ?? '') && !Number.isNaN(count)) affectedRows += count;
        break;
      }
      default:
        break;
    }
  }
  return { rows: rows as T[], fields, affectedRows };
}

/**
 * `pglite` with `query` (and a transaction's `query`) taking the one-trip path when it can. Every
 * other member is the instance's own.
 */
export function oneTripQueries(pglite: PGlite): PGlite {
  const inner = pglite as unknown as PGliteInternals;
  const statements = new Statements();
  const run = async <T>(sql: string, params: readonly Param[], retry = true): Promise<Results<T>> => {
    const { bytes, parsed } = statements.message(sql, params);
    const answer = await pglite.execProtocolStream(bytes, { throwOnError: false });
    if (parsed && answer.some((m) => m.name === 'parseComplete')) statements.prepared(...parsed);
    const failure = answer.find((m) => m.name === 'error') as { code?: string } | undefined;
    // 0A000 "cached plan must not change result type": a table changed under a prepared statement
    if (failure?.code === '0A000' && !parsed) {
      statements.forget(sql);
      // inside a transaction the error has aborted it: the caller sees the error
      if (retry && !(pglite as unknown as { isInTransaction(): boolean }).isInTransaction())
        return run<T>(sql, params, false);
    }
    return results<T>(answer, inner.parsers);
  };
  const query = async <T>(sql: string, params?: unknown[], options?: unknown): Promise<Results<T>> => {
    if (!oneTrip(params, options)) return pglite.query<T>(sql, params, options as never);
    await pglite.waitReady;
    const answer = await inner._runExclusiveTransaction(() =>
      inner._runExclusiveQuery(() => run<T>(sql, params ?? [])),
    );
    await pglite.syncToFs();
    return answer;
  };
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> =>
    pglite.transaction((tx) =>
      fn(
        new Proxy(tx, {
          get(target, key, receiver) {
            if (key !== 'query') return Reflect.get(target, key, receiver);
            return async <R>(sql: string, params?: unknown[], options?: unknown): Promise<Results<R>> => {
              if (!oneTrip(params, options)) return target.query<R>(sql, params, options as never);
              if (target.closed) throw new Error('Transaction is closed');
              return inner._runExclusiveQuery(() => run<R>(sql, params ?? []));
            };
          },
        }),
      ),
    );
  return new Proxy(pglite, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
