import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { Envelope, LoginData } from '@lingxi/contract';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { ManualClock } from '../src/platform/clock.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../src/platform/rate-limit.js';
import { connectRedis } from '../src/platform/redis.js';
import type { SmsProvider } from '../src/platform/sms/sms.js';
import { TEMPLATE_FILE } from './paths.js';

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Every log line the app wrote, parsed. */
class LogSink extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    for (const line of chunk.toString().split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
}

/**
 * A database of the test run: the run's PostgreSQL when DATABASE_URL is set, else PGlite from the template, in
 * memory or, given `dataDir`, on disk there (opened again as it is by a later call: a restart).
 */
export async function openTestDatabase(dataDir = ''): Promise<Database> {
  if (process.env.DATABASE_URL) return openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' });
  if (dataDir && existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) return openDatabase({ dataDir });
  return openDatabase({ dataDir, template: new Blob([readFileSync(TEMPLATE_FILE)]) });
}

/**
 * The real app on a real socket, with a clock the test controls, the console SMS provider writing into a log
 * the test reads, and the rate limiter of the run's mode (Redis when REDIS_URL is set, under a fresh prefix).
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: ManualClock;
    sms?: SmsProvider;
    /** PGlite on disk here instead of in memory, so a second app can start on what the first one left. */
    dataDir?: string;
    /** A database the test opened (closed with the app), instead of a fresh one. */
    database?: Database;
    onFatal?: (err: Error) => void;
    /** PostgreSQL: false to serve a request without first waiting for earlier announcements (see below). */
    waitForAnnouncements?: boolean;
  } = {},
) {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    CORS_ORIGINS: 'https://app.lingxi.example',
    ...opts.env,
  });
  const clock = opts.clock ?? new ManualClock(new Date('2026-11-21T08:00:00Z'));
  const database = opts.database ?? (await openTestDatabase(opts.dataDir));
  const redis = process.env.REDIS_URL ? await connectRedis(process.env.REDIS_URL) : undefined;
  const limiter: RateLimiter = redis
    ? new RedisRateLimiter(redis, clock, `lingxi:test:${randomUUID()}:`)
    : new MemoryRateLimiter(clock);
  const sink = new LogSink();
  const app = await buildApp(config, {
    clock,
    database,
    limiter,
    logger: pino({ level: 'info' }, sink),
    sms: opts.sms,
    onFatal: opts.onFatal,
  });
  // Tests change rows behind the services (t.db); on PostgreSQL those changes are announced after their
  // commit: each request first waits until they have been handled, as a request that made them would have.
  const barrier = opts.waitForAnnouncements === false ? undefined : database.barrier;
  if (barrier) app.addHook('onRequest', async () => barrier());
  const extend = (fn: (a: typeof app) => void) => fn(app);
  let base = '';

  const t = {
    app,
    config,
    clock,
    db: database.db,
    logs: sink.lines,
    /** The app's services, as its routes use them (a test seam: set up what no route does yet). */
    modules: app.modules,
    /** Routes a test adds must be added before `listen`. */
    extend,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const addr = app.server.address();
      base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
      return t;
    },
    get base() {
      return base;
    },
    async close() {
      await app.close();
      await redis?.quit();
      await database.close();
    },
    /** A JSON call; `ip` goes in X-Forwarded-For so each test can be its own client. */
    async call<T = unknown>(
      method: string,
      path: string,
      o: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
    ): Promise<{ status: number; headers: Headers; body: Envelope<T> }> {
      const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? randomIp(), ...o.headers };
      if (o.token) headers.token = o.token;
      let payload: string | undefined;
      if (o.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        payload = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      }
      const res = await fetch(base + path, { method, headers, body: payload });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
    },
    /** The last SMS code the console provider logged for a phone. */
    codeFor(phone: string, purpose = 'login'): string {
      for (let i = sink.lines.length - 1; i >= 0; i--) {
        const sms = sink.lines[i]!.sms as { phone: string; code: string; purpose: string } | undefined;
        if (sms?.phone === phone && sms.purpose === purpose) return sms.code;
      }
      throw new Error(`no SMS code logged for ${phone}`);
    },
    /**
     * A new session's token for a user, without the SMS round (whose per-phone limits a long test would hit): for an
     * operator in a test that moves the clock past their 12 idle hours (docs/admin.md, Access).
     */
    tokenFor(userId: number): Promise<string> {
      return app.modules.sessions.create(database.db, userId, {});
    },
    /** Logs a (new or returning) user in through the real endpoints. */
    async login(phone = randomPhone(), extra: { invite_code?: string; ip?: string } = {}) {
      const { ip = randomIp(), ...body } = extra;
      const sent = await t.call('POST', `/api/v1/login/code/${phone}`, { ip });
      if (sent.body.code !== 0) throw new Error(`code refused: ${sent.body.msg}`);
      const res = await t.call<LoginData>('POST', '/api/v1/phone/login', {
        ip,
        body: { phone, code: t.codeFor(phone), ...body },
      });
      if (res.body.code !== 0) throw new Error(`login refused: ${res.body.msg}`);
      return { phone, token: res.body.data.token, user: res.body.data.user_info };
    },
  };
  return t;
}

/** A phone number no other test of the run uses (tests share one PostgreSQL database). */
export function randomPhone() {
  return `1${3 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export function randomIp() {
  const b = () => 1 + Math.floor(Math.random() * 254);
  return `10.${b()}.${b()}.${b()}`;
}

export const MINUTE = 60_000;
export const DAY = 86_400_000;
