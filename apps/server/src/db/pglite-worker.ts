/**
 * The embedded database in a thread of its own. PGlite runs Postgres as WebAssembly on the thread that
 * calls it, and each statement holds that thread for its whole run (0.1–3 ms); on the app's thread that
 * was time every other request and every streaming reply waited. Here the app's thread only sends the
 * statement and reads the rows (pglite-remote.ts).
 */
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { forDrizzle, pgliteExtensions as extensions } from './pglite-drizzle.js';
import {
  type Reply,
  type Request,
  type ThreadMemory,
  toRemoteError,
  type WorkerInit,
} from './pglite-protocol.js';

const port = parentPort!;
const post = (reply: Reply) => port.postMessage(reply);
const init = workerData as WorkerInit;

async function open() {
  const loadDataDir = init.template ? new Blob([init.template]) : undefined;
  // WebAssembly memory only grows: the page cache, once filled, stays (docs/performance.md, Memory).
  const startParams = init.sharedBuffers
    ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${init.sharedBuffers}`]
    : undefined;
  return init.dataDir
    ? PGlite.create(init.dataDir, { extensions, loadDataDir, startParams })
    : PGlite.create({ extensions, loadDataDir, startParams });
}

/** Marks a transaction ended by a rollback the app asked for (not an error to report). */
const ROLLBACK = Symbol('rollback');

type Open = { tx: Transaction; end(commit: boolean): void; ended: Promise<void> };

class Server {
  private readonly client;
  private readonly nativeParsers;
  private readonly transactions = new Map<number, Open>();

  constructor(private readonly pg: PGlite) {
    ({ client: this.client, nativeParsers: this.nativeParsers } = forDrizzle(pg));
  }

  async run(req: Request): Promise<unknown> {
    switch (req.op) {
      case 'query': {
        const on = req.tx === undefined ? this.client : this.transaction(req.tx).tx;
        const r = await on.query(req.text, req.params, req.options);
        return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
      }
      case 'begin':
        return this.begin(req.id);
      case 'end': {
        const open = this.transaction(req.tx);
        this.transactions.delete(req.tx);
        open.end(req.commit);
        return open.ended;
      }
      case 'raw':
        return this.raw(req.text, req.values);
      case 'listen':
        await this.pg.listen(req.channel, (payload) =>
          post({ type: 'notify', channel: req.channel, payload }),
        );
        return undefined;
      case 'memory':
        return this.memory();
      case 'close':
        await this.pg.close();
        return undefined;
    }
  }

  private memory(): ThreadMemory {
    const heap = getHeapStatistics();
    const mb = (bytes: number) => bytes / 2 ** 20;
    // PGlite's Emscripten module (not in its types): its heap view spans the whole WebAssembly memory.
    const wasm = (this.pg as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength;
    return {
      heapUsedMb: mb(heap.used_heap_size),
      heapTotalMb: mb(heap.total_heap_size),
      externalMb: mb(process.memoryUsage().external),
      wasmMb: wasm === undefined ? undefined : mb(wasm),
      eventLoopUtilization: performance.eventLoopUtilization().utilization,
    };
  }

  private transaction(id: number) {
    const open = this.transactions.get(id);
    if (!open) throw new Error('Transaction is closed');
    return open;
  }

  /** Resolves once the transaction is open; it stays open until an `end` request for it. */
  private begin(id: number) {
    return new Promise<number>((opened, failed) => {
      const ended: Promise<void> = this.client
        .transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              this.transactions.set(id, { tx, end: (ok) => (ok ? commit() : rollback(ROLLBACK)), ended });
              opened(id);
            }),
        )
        .then(
          () => undefined,
          (err: unknown) => {
            if (err !== ROLLBACK) throw err;
          },
        );
      // A transaction that failed to open fails its request (once open, `end` reports how it ended).
      ended.catch(failed);
    });
  }

  private async raw(text: string, values?: unknown[]) {
    const parsers = this.nativeParsers;
    if (values?.length) {
      const r = await this.pg.query<Record<string, unknown>>(text, values, { parsers });
      return { rows: r.rows, rowCount: r.affectedRows ?? 0 };
    }
    const last = (await this.pg.exec(text, { parsers })).at(-1);
    return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
  }
}

try {
  if (init.initOnly) {
    await (await open()).close();
    post({ type: 'ready' });
    process.exit(0);
  }
  const server = new Server(await open());
  port.on('message', (req: Request) => {
    server.run(req).then(
      (value) => post({ type: 'result', id: req.id, value }),
      (err: unknown) => post({ type: 'error', id: req.id, error: toRemoteError(err) }),
    );
  });
  post({ type: 'ready' });
} catch (err) {
  post({ type: 'failed', error: toRemoteError(err) });
}
