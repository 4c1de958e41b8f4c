import { Piscina } from 'piscina';
import { workerScript } from '../../../platform/worker-script.js';
import type { IndexedPassage } from '../index.repository.js';
import { DocumentError } from './errors.js';

export type ReadTask = { data: Uint8Array; mime: string };
/** A document read: its length in characters and its passages with their terms, or why it cannot be read. */
export type ReadDocument = { chars: number; passages: IndexedPassage[] };
export type ReadOutcome = ({ ok: true } & ReadDocument) | { ok: false; reason: string };

/** An idle reading thread exits after this long (a PDF's parser holds tens of MB). */
const IDLE_MS = 30_000;

/**
 * Reads documents (text, split into passages, indexed terms) in a worker thread, one at a time: the app's
 * thread only hands over the file's bytes and takes the passages back. A DocumentError (corrupt, encrypted,
 * no text) comes back as one; an aborted read stops its thread.
 */
export class DocumentReader {
  private pool: Promise<Piscina> | undefined;

  async read(file: Buffer, mime: string, signal?: AbortSignal): Promise<ReadDocument> {
    const pool = await (this.pool ??= this.open());
    // A copy of its own, handed over rather than copied again (a Buffer may share a pooled ArrayBuffer).
    const data = new Uint8Array(file);
    const task: ReadTask = { data, mime };
    const outcome = (await pool.run(task, { transferList: [data.buffer], signal })) as ReadOutcome;
    if (!outcome.ok) throw new DocumentError(outcome.reason);
    return outcome;
  }

  async close() {
    const pool = this.pool;
    this.pool = undefined;
    await (await pool)?.close({ force: true });
  }

  private async open() {
    const filename = await workerScript('document-worker', new URL('./document-worker.ts', import.meta.url));
    return new Piscina({
      filename: filename.href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      // The lowest priority (where the OS allows it): a document can wait, a streaming reply cannot.
      niceIncrement: 19,
    });
  }
}
