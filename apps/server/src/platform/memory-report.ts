import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyBaseLogger } from 'fastify';
import type { ThreadMemory } from '../db/pglite-protocol.js';

/** What the process holds, in MB, with what can be told apart (docs/performance.md, Memory). */
export type MemoryReport = {
  rssMb: number;
  /** Of the resident memory: anonymous (heaps, buffers, WebAssembly) and file-backed (code, mapped files). */
  anonymousMb: number;
  fileMb: number;
  /** The process's threads: the app's, V8's and libuv's helpers, and each worker thread started. */
  threads: number;
  main: {
    heapUsedMb: number;
    heapTotalMb: number;
    heapLimitMb: number;
    /** Memory outside the V8 heap that JavaScript objects hold (Buffers, WebAssembly memories). */
    externalMb: number;
    arrayBuffersMb: number;
    eventLoopUtilization: number;
  };
  /** The embedded database's thread, when it runs. */
  database?: ThreadMemory;
};

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

function procStatus() {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return ''; // not Linux
    }
  };
  const status = read('/proc/self/status');
  const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return {
    rssMb: mb(kb(status, 'VmRSS') * 1024),
    anonymousMb: mb(kb(status, 'RssAnon') * 1024),
    fileMb: mb(kb(status, 'RssFile') * 1024),
    threads: kb(status, 'Threads'),
  };
}

export async function memoryReport(database?: () => Promise<ThreadMemory>): Promise<MemoryReport> {
  const heap = getHeapStatistics();
  const usage = process.memoryUsage();
  return {
    ...procStatus(),
    main: {
      heapUsedMb: mb(heap.used_heap_size),
      heapTotalMb: mb(heap.total_heap_size),
      heapLimitMb: mb(heap.heap_size_limit),
      externalMb: mb(usage.external),
      arrayBuffersMb: mb(usage.arrayBuffers),
      eventLoopUtilization: performance.eventLoopUtilization().utilization,
    },
    database: await database?.().catch(() => undefined),
  };
}

/**
 * A debugging aid, off unless MEMORY_REPORT is set to a number of seconds: a `memory report` line is logged
 * that often (bench/memory.ts reads them). Nothing of it reaches the API. Returns what stops it.
 */
export function installMemoryReport(log: FastifyBaseLogger, database?: () => Promise<ThreadMemory>) {
  const seconds = Number(process.env.MEMORY_REPORT);
  if (!(seconds > 0)) return () => undefined;
  const timer = setInterval(
    () => void memoryReport(database).then((memory) => log.info({ memory }, 'memory report')),
    seconds * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
