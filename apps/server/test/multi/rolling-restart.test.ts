import type { Envelope, UserInfo } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp } from '../helpers.js';
import type { ServerProcess } from '../server-process.js';
import { type Cluster, clusterUrls, startCluster } from './cluster.js';

/**
 * A rolling restart under load (docs/scaling.md, Restarts): clients reach two processes through what a
 * reverse proxy does (round robin over the processes whose /healthz answers 200, checked every 100 ms; a
 * request refused at connect, which no process received, is sent to the next one); one process gets SIGTERM
 * and is started again, then the other. No request may fail: every other error or any answer but 200 with
 * code 0 counts, a retried refusal does not. No acknowledged write may be lost: each worker edits its
 * nickname with increasing numbers, and the last one acknowledged is the one stored.
 */
const DRAIN_MS = 1_000;
const WORKERS = 6;

/** The reverse proxy's part: health checks, round robin, retry of refused connections only. */
function proxy(backends: string[]) {
  const healthy = new Set<string>();
  let next = 0;
  let stopped = false;
  const stats = { retried: 0 };
  const probe = async () => {
    while (!stopped) {
      await Promise.all(
        backends.map(async (base) => {
          const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(500) }).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) healthy.add(base);
          else healthy.delete(base);
        }),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const probing = probe();
  return {
    backends,
    stats,
    async send(path: string, init: RequestInit): Promise<Response> {
      for (let attempt = 0; ; attempt++) {
        const up = backends.filter((b) => healthy.has(b));
        const pool = up.length ? up : backends;
        const base = pool[next++ % pool.length]!;
        try {
          return await fetch(base + path, init);
        } catch (err) {
          const code = (err as { cause?: { code?: string } }).cause?.code;
          if (code !== 'ECONNREFUSED' || attempt > 20) throw err;
          stats.retried++;
          healthy.delete(base);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    },
    async stop() {
      stopped = true;
      await probing;
    },
  };
}

let cluster: Cluster;

describe.skipIf(!clusterUrls)('a rolling restart of two processes under load', () => {
  beforeAll(async () => {
    cluster = await startCluster({ env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) } });
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it('fails no request and loses no acknowledged write', async () => {
    const [a] = cluster.servers as [ServerProcess, ServerProcess];
    const users = await Promise.all(Array.from({ length: WORKERS }, () => a.login()));
    const p = proxy(cluster.servers.map((s) => s.base));
    const failures: string[] = [];
    const acked = new Map<number, number>();
    let requests = 0;
    let running = true;
    const call = async (token: string, method: string, path: string, body?: unknown) => {
      requests++;
      try {
        const res = await p.send(path, {
          method,
          headers: {
            token,
            'x-forwarded-for': randomIp(),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        const envelope = (await res.json()) as Envelope<UserInfo>;
        if (res.status !== 200 || envelope.code !== 0) {
          failures.push(`${method} ${path}: ${res.status} ${envelope.code} ${envelope.msg}`);
          return null;
        }
        return envelope.data;
      } catch (err) {
        failures.push(`${method} ${path}: ${String((err as Error).cause ?? err)}`);
        return null;
      }
    };
    const work = async ({ token, user }: (typeof users)[number]) => {
      for (let n = 1; running; n++) {
        const saved = await call(token, 'PUT', '/api/v1/user', { nickname: `第${n}次` });
        if (saved?.nickname === `第${n}次`) acked.set(user.id, n);
        await call(token, 'GET', '/api/v1/user');
        await call(token, 'GET', '/api/v1/setting');
      }
    };
    const load = Promise.all(users.map(work));

    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await pause(1_000);
    for (const i of [0, 1]) {
      await cluster.servers[i]!.stop();
      const fresh = await cluster.restart(i);
      p.backends[i] = fresh.base;
      await pause(1_000);
    }
    running = false;
    await load;
    await p.stop();

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(100);
    const { rows } = await cluster.sql.query<{ id: string; nickname: string }>(
      'SELECT id, nickname FROM users WHERE id = ANY($1::bigint[])',
      [users.map((u) => u.user.id)],
    );
    for (const u of users) {
      const stored = rows.find((r) => Number(r.id) === u.user.id)!.nickname;
      expect(stored, `user ${u.user.id}`).toBe(`第${acked.get(u.user.id)}次`);
    }
    process.stdout.write(
      `rolling restart: ${requests} requests, ${p.stats.retried} refused at connect and retried\n`,
    );
  }, 180_000);
});
