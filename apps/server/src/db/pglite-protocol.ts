/**
 * The messages between the app and the PGlite worker (pglite-worker.ts). Everything here crosses a
 * thread by structured clone: plain data only (drizzle's row parsers stay in the worker, see
 * pglite-drizzle.ts).
 */

export type WorkerInit = {
  /** A directory to keep the database in, or '' for memory. */
  dataDir: string;
  /** A dumped data directory (tar) to start from instead of running initdb. */
  template?: ArrayBuffer;
  /**
   * Create the database (initdb) and close it, then exit: a thread of its own for it, as the memory initdb
   * leaves behind is only all given back when its thread ends.
   */
  initOnly?: boolean;
  /** Postgres's shared_buffers (e.g. '32MB'); unset, PGlite's own (128MB). */
  sharedBuffers?: string;
};

/** Query options that can cross the thread: drizzle's parsers are the worker client's own already. */
export type RemoteQueryOptions = { rowMode?: 'array' | 'object' };

export type Request =
  | { id: number; op: 'query'; text: string; params?: unknown[]; options?: RemoteQueryOptions; tx?: number }
  /** Opens a transaction; its id is the request's. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** Raw SQL with PGlite's own type parsers (Dates …), for libraries that bring their own SQL. */
  | { id: number; op: 'raw'; text: string; values?: unknown[] }
  | { id: number; op: 'listen'; channel: string }
  /** The thread's memory (MEMORY_REPORT only, docs/performance.md, Memory): answered with a ThreadMemory. */
  | { id: number; op: 'memory' }
  | { id: number; op: 'close' };

/** A worker thread's own memory: its V8 heap, and for the database, PGlite's WebAssembly memory. */
export type ThreadMemory = {
  heapUsedMb: number;
  heapTotalMb: number;
  /** Memory outside the thread's V8 heap that its objects hold (WebAssembly memories, buffers). */
  externalMb: number;
  /** WebAssembly memory (Postgres's whole address space: shared buffers, caches, work memory). */
  wasmMb?: number;
  /** The share of the time the thread's event loop was busy since it started. */
  eventLoopUtilization: number;
};

export type QueryResult = {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};

/** An error as it crosses the thread: its message, name and stack, and its plain properties (code …). */
export type RemoteError = { message: string; name: string; stack?: string; props: Record<string, unknown> };

export type Reply =
  | { type: 'ready' }
  | { type: 'failed'; error: RemoteError }
  | { type: 'result'; id: number; value?: unknown }
  | { type: 'error'; id: number; error: RemoteError }
  /** A notification, posted before the result of the statement that sent it. */
  | { type: 'notify'; channel: string; payload: string };

export function toRemoteError(err: unknown): RemoteError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', props: {} };
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    const plain = value === null || ['string', 'number', 'boolean'].includes(typeof value);
    if (plain || (key === 'params' && Array.isArray(value))) props[key] = value;
  }
  return { message: err.message, name: err.name, stack: err.stack, props };
}

export function fromRemoteError(e: RemoteError): Error {
  const err = Object.assign(new Error(e.message), e.props);
  err.name = e.name;
  if (e.stack) err.stack = `${e.stack}\n    (in the database worker)`;
  return err;
}
