import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  fromRemoteError,
  type QueryResult,
  type RemoteQueryOptions,
  type Reply,
  type Request,
  type WorkerInit,
} from './pglite-protocol.js';

type Pending = { resolve(value: unknown): void; reject(err: Error): void };
type Query = (text: string, params?: unknown[], options?: RemoteQueryOptions) => Promise<QueryResult>;
/** A request without its id (the id is given when it is sent). */
type Ask = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The worker's script: next to the bundle in production (dist/pglite-worker.js), bundled on first use from
 * the sources when the app runs from them (tests, `npm run dev`), as Node cannot load TypeScript in a
 * worker by itself.
 */
async function workerScript(): Promise<URL> {
  const built = new URL('./pglite-worker.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return built;
  const source = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
  const sources = ['pglite-worker.ts', 'pglite-drizzle.ts', 'pglite-statements.ts', 'pglite-protocol.ts'];
  const newest = Math.max(...sources.map((f) => statSync(join(source, '..', f)).mtimeMs));
  // Inside the package, so that the bundle finds the dependencies it leaves out.
  const dir = fileURLToPath(new URL('../../node_modules/.cache/lingxi', import.meta.url));
  const out = join(dir, `pglite-worker-${Math.round(newest)}.mjs`);
  if (!existsSync(out)) {
    // esbuild is a dev dependency: present wherever the sources run.
    const { build } = await import('esbuild');
    const r = await build({
      entryPoints: [source],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      absWorkingDir: fileURLToPath(new URL('../..', import.meta.url)),
    });
    mkdirSync(dir, { recursive: true });
    // Test processes start together: each writes its own file and renames it into place.
    const mine = `${out}.${process.pid}`;
    writeFileSync(mine, r.outputFiles[0]!.contents);
    renameSync(mine, out);
  }
  return new URL(`file://${out}`);
}

/**
 * PGlite in a worker thread, as the app and drizzle call it: `query`, `transaction` (with `query` on the
 * transaction), raw SQL, `listen` and `close`. Notifications are delivered before the result of the
 * statement that sent them, as PGlite itself delivers them.
 */
export class RemotePGlite {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, ((payload: string) => void)[]>();
  private nextId = 0;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`数据库线程已退出（${code}）`)));
    // Only a request in flight keeps the process alive (see `send`).
    worker.unref();
  }

  static async open(init: { dataDir: string; template?: Blob }) {
    const data: WorkerInit = { dataDir: init.dataDir };
    if (init.template) data.template = await init.template.arrayBuffer();
    const worker = new Worker(await workerScript(), {
      workerData: data,
      transferList: data.template ? [data.template] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const first = (reply: Reply) => {
        worker.off('error', reject);
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'failed') reject(fromRemoteError(reply.error));
      };
      worker.once('message', first);
      worker.once('error', reject);
    });
    return new RemotePGlite(worker);
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
    this.failure ??= err;
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

  async close() {
    if (!this.failure) await this.send({ op: 'close' });
    this.failure ??= new Error('数据库已关闭');
    await this.worker.terminate();
  }
}

const remoteOptions = (options?: RemoteQueryOptions): RemoteQueryOptions | undefined =>
  options?.rowMode ? { rowMode: options.rowMode } : undefined;
