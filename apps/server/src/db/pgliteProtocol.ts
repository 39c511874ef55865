/**
 * The messages between the server's main thread and the PGlite worker (`pgliteWorker.ts`), and
 * how a database error crosses between them: as a plain object with every own property (code,
 * detail, constraint, severity, …), rebuilt on the main thread as an Error with the same
 * properties, so callers test `error.code === '23505'` exactly as against PGlite itself.
 */

/** What the worker opens (its `workerData`). */
export interface WorkerOptions {
  readonly dataDir?: string;
  /** A dump to start from (`PGlite`'s `loadDataDir`), as bytes. */
  readonly loadDataDir?: Uint8Array<ArrayBuffer>;
}

/** The query options the worker accepts (all the server sends; functions cannot cross). */
export interface WireQueryOptions {
  readonly rowMode?: 'array' | 'object';
  readonly paramTypes?: number[];
}

/** One request to the worker; each is answered by one {@link Reply} with the same id. */
export type Request = { readonly id: number } & (
  | {
      readonly op: 'query';
      readonly sql: string;
      readonly params?: unknown[];
      readonly options?: WireQueryOptions;
    }
  | { readonly op: 'exec'; readonly sql: string }
  /** Opens a transaction (waiting for PGlite's transaction lock); its id is this request's id. */
  | { readonly op: 'begin' }
  | {
      readonly op: 'txQuery';
      readonly tx: number;
      readonly sql: string;
      readonly params?: unknown[];
      readonly options?: WireQueryOptions;
    }
  | { readonly op: 'commit'; readonly tx: number }
  | { readonly op: 'rollback'; readonly tx: number }
  /** Writes `bytes` to `file` in the database's in-memory file system, runs the query, removes it. */
  | {
      readonly op: 'withFile';
      readonly file: string;
      readonly bytes: Uint8Array;
      readonly sql: string;
      readonly params: unknown[];
    }
  | { readonly op: 'close' }
);

/** The worker's answer: a value, or an error as {@link WireError}. */
export type Reply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: WireError };

/** The first message of the worker: PGlite is ready, or could not open. */
export type Opened = { readonly opened: true } | { readonly opened: false; readonly error: WireError };

/** An error as data: its message, stack and every own property that can be cloned. */
export interface WireError {
  readonly message: string;
  readonly stack?: string;
  readonly props: Record<string, unknown>;
}

/** `error` as a {@link WireError} (values that cannot be cloned become their text). */
export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), props: {} };
  const props: Record<string, unknown> = { name: error.name };
  for (const key of Object.getOwnPropertyNames(error)) {
    if (key === 'message' || key === 'stack') continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'function' || typeof value === 'symbol') continue;
    try {
      props[key] = structuredClone(value);
    } catch {
      // not cloneable (e.g. a Blob's handle): its text still tells what it was
      props[key] = String(value);
    }
  }
  return { message: reasonOf(error), ...(error.stack ? { stack: error.stack } : {}), props };
}

/**
 * What went wrong, never empty: the message, else its causes' (Node 24 throws a TypeError without
 * a message whose cause is zlib's "incorrect header check"), else the name and code.
 */
function reasonOf(error: Error): string {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.message) return e.message;
  }
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}

/**
 * The Error a caller sees for `wire`: the same message and properties; its stack is the
 * caller's (`callSite`, captured when the call was made) followed by the worker's.
 */
export function fromWire(wire: WireError, callSite: Error): Error {
  const error = new Error(wire.message);
  Object.assign(error, wire.props);
  const name = typeof wire.props.name === 'string' ? wire.props.name : 'Error';
  const callerFrames = (callSite.stack ?? '').split('\n').slice(1).join('\n');
  const workerFrames = (wire.stack ?? '').split('\n').slice(1).join('\n');
  error.stack = `${name}: ${wire.message}\n${callerFrames}${workerFrames ? `\n    in the PGlite worker:\n${workerFrames}` : ''}`;
  return error;
}

/**
 * The buffers of `value`'s byte arrays that can be handed over rather than copied: each array
 * that covers its whole (non-shared) buffer, once.
 */
export function transferables(value: unknown, into: Set<ArrayBuffer> = new Set()): Set<ArrayBuffer> {
  if (value instanceof Uint8Array) {
    const buffer = value.buffer;
    if (
      buffer instanceof ArrayBuffer &&
      value.byteOffset === 0 &&
      value.byteLength === buffer.byteLength &&
      buffer.byteLength > 0
    )
      into.add(buffer);
  } else if (Array.isArray(value)) {
    for (const item of value) transferables(item, into);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const item of Object.values(value)) transferables(item, into);
  }
  return into;
}
