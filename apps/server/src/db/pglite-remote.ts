import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../platform/worker-script.js';
import {
  fromRemoteError,
  type QueryResult,
  type RemoteQueryOptions,
  type Reply,
  type Request,
  type ThreadMemory,
  type WorkerInit,
} from './pglite-protocol.js';

type Pending = { resolve(value: unknown): void; reject(err: Error): void };
type Query = (text: string, params?: unknown[], options?: RemoteQueryOptions) => Promise<QueryResult>;
/** A request without its id (the id is given when it is sent). */
type Ask = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * PGlite in a worker thread, as the app and drizzle call it: `query`, `transaction` (with `query` on the
 * transaction), raw SQL, `listen` and `close`. Notifications are delivered before the result of the
 * statement that sent them, as PGlite itself delivers them.
 */
export class RemotePGlite {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, ((payload: string) => void)[]>();
  private readonly lostListeners: ((err: Error) => void)[] = [];
  private nextId = 0;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`数据库线程已退出（${code}）`)));
    // Only a request in flight keeps the process alive (see `send`).
    worker.unref();
  }

  static async open(init: { dataDir: string; template?: Blob; sharedBuffers?: string }) {
    const data: WorkerInit = { dataDir: init.dataDir, sharedBuffers: init.sharedBuffers };
    if (init.template) data.template = await init.template.arrayBuffer();
    // A new database is made in a thread that then ends: initdb's memory (a second Postgres) goes with it.
    if (init.dataDir && !init.template && !existsSync(join(init.dataDir, 'PG_VERSION'))) {
      await (
        await started({ ...data, initOnly: true })
      ).exited;
    }
    return new RemotePGlite((await started(data)).worker);
  }

  private receive(reply: Reply) {
    if (reply.type === 'notify') {
      for (const listener of this.listeners.get(reply.channel) ?? []) listener(reply.payload);
      return;
    }
    if (reply.type !== 'result' && reply.type !== 'error') return;
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.type === 'result') pending.resolve(reply.value);
    else pending.reject(fromRemoteError(reply.error));
  }

  private fail(err: Error) {
    const unexpected = !this.failure;
    this.failure ??= err;
    if (unexpected) for (const listener of this.lostListeners) listener(err);
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private send<T>(ask: Ask): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.nextId;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...ask, id });
    });
  }

  /** Statements sent to the thread and not answered yet. */
  get pendingCount() {
    return this.pending.size;
  }

  /** Drizzle's `query`: its parsers are the worker client's own, so only the row mode crosses. */
  query: Query = (text, params, options) =>
    this.send({ op: 'query', text, params, options: remoteOptions(options) });

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<R>(fn: (tx: { query: Query }) => Promise<R>): Promise<R> {
    const tx = await this.send<number>({ op: 'begin' });
    let result: R;
    try {
      result = await fn({
        query: (text, params, options) =>
          this.send({ op: 'query', text, params, options: remoteOptions(options), tx }),
      });
    } catch (err) {
      await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  /** Raw SQL read with PGlite's own type parsers: one statement with values, any number without. */
  raw(text: string, values?: unknown[]) {
    return this.send<{ rows: Record<string, unknown>[]; rowCount: number }>({ op: 'raw', text, values });
  }

  async listen(channel: string, onPayload: (payload: string) => void) {
    const known = this.listeners.get(channel);
    if (known) return void known.push(onPayload);
    this.listeners.set(channel, [onPayload]);
    await this.send({ op: 'listen', channel });
  }

  /**
   * Calls `listener` if the thread dies while the database is open (PGlite aborted, out of memory): every
   * statement fails from then on, and only a new process can open the database again.
   */
  onLost(listener: (err: Error) => void) {
    this.lostListeners.push(listener);
  }

  /** The thread's memory, for the memory report (MEMORY_REPORT). */
  memory() {
    return this.send<ThreadMemory>({ op: 'memory' });
  }

  async close() {
    if (!this.failure) await this.send({ op: 'close' });
    this.failure ??= new Error('数据库已关闭');
    await this.worker.terminate();
  }
}

/** The database thread's young generation, in MB (V8's default for a thread is larger, up to 48). */
const YOUNG_GENERATION_MB = 8;

/** A database thread, once it is ready. */
async function started(data: WorkerInit) {
  const worker = new Worker(
    await workerScript('pglite-worker', new URL('./pglite-worker.ts', import.meta.url)),
    {
      workerData: data,
      transferList: data.template ? [data.template] : [],
      // Its objects live for one statement: a small young generation is enough (docs/performance.md, Memory).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    },
  );
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const first = (reply: Reply) => {
      worker.off('error', reject);
      if (reply.type === 'ready') resolve();
      else if (reply.type === 'failed') reject(fromRemoteError(reply.error));
    };
    worker.once('message', first);
    worker.once('error', reject);
    // A thread that ends before it is ready (Postgres refused its settings and exited) fails the open.
    void exited.then((code) => reject(new Error(`数据库线程已退出（${String(code)}）`)));
  });
  return { worker, exited };
}

const remoteOptions = (options?: RemoteQueryOptions): RemoteQueryOptions | undefined =>
  options?.rowMode ? { rowMode: options.rowMode } : undefined;
