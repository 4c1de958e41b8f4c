import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/chat.js';
import { openTestDatabase, startTestApp } from '../../../test/helpers.js';
import { startServerProcess } from '../../../test/server-process.js';

const get = async (base: string, path: string) => {
  const res = await fetch(base + path);
  return {
    status: res.status,
    connection: res.headers.get('connection'),
    body: (await res.json()) as Record<string, unknown>,
  };
};

/**
 * A Redis that answers INFO and PING while up, and hangs (answers nothing) while down; brought up again, it
 * answers what it held, in order.
 */
async function fakeRedis() {
  const sockets = new Map<Socket, string[]>();
  let up = true;
  const answer = (socket: Socket, held: string[]) => {
    for (const command of held.splice(0)) {
      if (command === 'info') socket.write('$11\r\nloading:0\r\n\r\n');
      else if (command === 'ping') socket.write('+PONG\r\n');
      else socket.write('+OK\r\n');
    }
  };
  const server = createServer((socket) => {
    const held: string[] = [];
    sockets.set(socket, held);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      for (const [, name] of chunk.toString().matchAll(/\*\d+\r\n\$\d+\r\n(\w+)\r\n/g)) {
        held.push(name!.toLowerCase());
      }
      if (up) answer(socket, held);
    });
  });
  const state = {
    set up(value: boolean) {
      up = value;
      if (up) for (const [socket, held] of sockets) answer(socket, held);
    },
  };
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const url = `redis://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const close = () => {
    for (const s of sockets.keys()) s.destroy();
    return new Promise((r) => server.close(r));
  };
  return { url, state, close };
}

describe('GET /livez and /readyz', () => {
  it('are up with a working database; /livez never touches it, /readyz fails while it is down', async () => {
    const real = await openTestDatabase();
    let down = false;
    let statements = 0;
    const t = await startTestApp({
      database: {
        ...real,
        sql: (text, values) => {
          statements++;
          return down ? Promise.reject(new Error('ECONNREFUSED')) : real.sql(text, values);
        },
      },
      env: { JOBS_WORKER: 'false' },
    });
    await t.listen();
    const ready = await get(t.base, '/readyz');
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 200,
      body: { ok: true, shutting_down: false, db: true, migrations: true },
    });
    down = true;
    const before = statements;
    const live = await get(t.base, '/livez');
    expect({ status: live.status, body: live.body }).toEqual({ status: 200, body: { ok: true } });
    expect(statements).toBe(before);
    expect(await get(t.base, '/readyz')).toMatchObject({ status: 503, body: { ok: false, db: false } });
    down = false;
    expect((await get(t.base, '/readyz')).status).toBe(200);
    await t.close();
  });

  it('is not ready on a database that lacks a migration of this build', async () => {
    const t = await (await startTestApp()).listen();
    const last = sql`(select max(id) from drizzle.__drizzle_migrations)`;
    const { rows } = (await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = ${last} returning id, hash, created_at`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    try {
      expect(await get(t.base, '/readyz')).toMatchObject({
        status: 503,
        body: { ok: false, db: true, migrations: false },
      });
    } finally {
      const r = rows[0]!;
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${r.id}, ${r.hash}, ${r.created_at})`,
      );
    }
    expect((await get(t.base, '/readyz')).status).toBe(200);
    await t.close();
  });

  it('checks Redis when one is configured, and fails when it stops answering', async () => {
    const redis = await fakeRedis();
    const t = await (await startTestApp({ env: { REDIS_URL: redis.url } })).listen();
    try {
      expect(await get(t.base, '/readyz')).toMatchObject({ status: 200, body: { ok: true, redis: true } });
      redis.state.up = false;
      expect(await get(t.base, '/readyz')).toMatchObject({ status: 503, body: { ok: false, redis: false } });
      expect((await get(t.base, '/livez')).status).toBe(200);
    } finally {
      redis.state.up = true;
      await t.close();
      await redis.close();
    }
  });

  it('fails readiness once shutting down, while requests are still served', async () => {
    const t = await (await startTestApp()).listen();
    expect(await get(t.base, '/healthz')).toMatchObject({ status: 200, connection: 'keep-alive' });
    t.app.drain();
    // Every answer now closes its connection: no keep-alive connection is left for a request to race the close.
    expect(await get(t.base, '/healthz')).toMatchObject({
      status: 503,
      connection: 'close',
      body: { ok: false, draining: true },
    });
    expect(await get(t.base, '/readyz')).toMatchObject({
      status: 503,
      body: { ok: false, shutting_down: true },
    });
    expect((await get(t.base, '/livez')).status).toBe(200);
    expect((await t.call('GET', '/api/v1/version')).body.code).toBe(0);
    await t.close();
  });

  it('on SIGTERM, fails /readyz at once and serves through the drain, then exits', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lingxi-drain-'));
    // The embedded database from the test template (no initdb in the process).
    if (!process.env.DATABASE_URL) await (await openTestDatabase(dataDir)).close();
    const s = await startServerProcess({ dataDir, env: { SHUTDOWN_DRAIN_MS: '4000' } });
    try {
      expect((await get(s.base, '/readyz')).status).toBe(200);
      const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
      s.child.kill('SIGTERM');
      await waitFor(async () => (await get(s.base, '/readyz')).status === 503, 3000);
      expect((await get(s.base, '/livez')).status).toBe(200);
      expect((await s.call('GET', '/api/v1/version')).body.code).toBe(0);
      expect(await exited).toBe(0);
      await expect(fetch(`${s.base}/livez`)).rejects.toThrow();
    } finally {
      await s.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
