import { describe, expect, it } from 'vitest';
import { openTestDatabase, startTestApp } from '../test/helpers.js';

describe('GET /healthz', () => {
  it('is healthy while the database answers', async () => {
    const t = await (await startTestApp()).listen();
    const res = await fetch(`${t.base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    await t.close();
  });

  it('fails, and the app gives up, once the embedded database is lost', async () => {
    const real = await openTestDatabase();
    const lost: ((err: Error) => void)[] = [];
    let gone: Error | null = null;
    const fatal: Error[] = [];
    const t = await startTestApp({
      // As the embedded database's client behaves once its thread died: every statement fails.
      database: {
        ...real,
        sql: (text, values) => (gone ? Promise.reject(gone) : real.sql(text, values)),
        onLost: (listener) => lost.push(listener),
      },
      onFatal: (err) => fatal.push(err),
    });
    await t.listen();
    expect(lost).toHaveLength(1);
    const err = new Error('数据库线程已退出（1）');
    gone = err;
    lost[0]!(err);
    expect(fatal).toEqual([err]);
    const res = await fetch(`${t.base}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false });
    expect(t.logs.some((l) => l.level === 60 && String(l.msg).includes('restarted'))).toBe(true);
    await t.close();
  });

  it('fails while the database does not answer, and recovers with it', async () => {
    const real = await openTestDatabase();
    let down = false;
    const t = await startTestApp({
      database: {
        ...real,
        sql: (text, values) => (down ? Promise.reject(new Error('ECONNREFUSED')) : real.sql(text, values)),
      },
    });
    await t.listen();
    down = true;
    expect((await fetch(`${t.base}/healthz`)).status).toBe(503);
    down = false;
    expect((await fetch(`${t.base}/healthz`)).status).toBe(200);
    await t.close();
  });
});
