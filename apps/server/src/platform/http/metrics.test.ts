import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConversation, openReply, waitFor } from '../../../test/chat.js';
import { openTestDatabase, startTestApp, type TestApp } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { JobQueue } from '../jobs/jobs.js';
import { isPrivateAddress } from './metrics-route.js';

let t: TestApp;
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // A slow offline model: its reply stays open long enough to be seen open.
  t = await (await startTestApp({ database, env: { OFFLINE_STREAM_DELAY_MS: '150' } })).listen();
});
afterAll(async () => {
  await t?.close();
});

/** A scrape as Prometheus makes it: from this machine, straight to the process. */
async function scrape(base = t.base, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** A sample's value (0 when absent): `name{a="1",b="2"}`, labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return 0;
}

const REQUESTS = 'lingxi_http_request_duration_seconds_count';

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = (await scrape()).text;
    const botId = 900_000_000 + randomInt(1e6);
    for (let i = 0; i < 3; i++) await t.call('GET', `/api/v1/bot/${botId + i}`);
    const probe = `/api/v1/no-such-${randomUUID()}`;
    await t.call('GET', probe);
    // (a GET there may be the web app's history fallback, when it is built)
    await fetch(`${t.base}/some/page-${randomUUID()}.js`, { method: 'POST' });
    const after = await scrape();
    expect(after.status).toBe(200);
    expect(after.type).toContain('text/plain');
    const labels = { method: 'GET', route: '/api/v1/bot/:id', status: '200' };
    expect(sample(after.text, REQUESTS, labels) - sample(before, REQUESTS, labels)).toBe(3);
    const unmatched = { method: 'GET', route: '<unmatched>', status: '404' };
    expect(sample(after.text, REQUESTS, unmatched) - sample(before, REQUESTS, unmatched)).toBe(1);
    const post = { ...unmatched, method: 'POST' };
    expect(sample(after.text, REQUESTS, post) - sample(before, REQUESTS, post)).toBe(1);
    // Latency buckets per route.
    expect(sample(after.text, 'lingxi_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sample(after.text, REQUESTS, labels),
    );
    // No URL a client chose is a label.
    expect(after.text).not.toContain(String(botId));
    expect(after.text).not.toContain('no-such-');
    expect(after.text).not.toContain('page-');
    // The process's own figures and the database's are served too.
    expect(after.text).toContain('process_cpu_user_seconds_total');
    expect(after.text).toContain('nodejs_eventloop_lag_seconds');
    expect(after.text).toMatch(
      process.env.DATABASE_URL ? /^lingxi_db_pool_connections \d+$/m : /^lingxi_db_pending_queries \d+$/m,
    );
  });

  it('shows a reply stream open while it runs, its time to first token, and closed once the client goes', async () => {
    const route = { route: '/api/v1/conversation/:id/message' };
    const before = (await scrape()).text;
    expect(sample(before, 'lingxi_sse_streams_open', route)).toBe(0);
    const { token } = await t.login();
    const c = await newConversation(t, token);
    const s = await openReply(t, `/api/v1/conversation/${c.id}/message`, {
      token,
      body: { content: '你好' },
    });
    expect(s.contentType).toContain('text/event-stream');
    expect((await s.next())!.event).toBe('start');
    expect((await s.next())!.event).toBe('delta');
    const during = (await scrape()).text;
    expect(sample(during, 'lingxi_sse_streams_open', route)).toBe(1);
    const ttft = 'lingxi_stream_first_token_seconds_count';
    expect(sample(during, ttft, route) - sample(before, ttft, route)).toBe(1);
    expect(sample(during, 'lingxi_stream_first_token_seconds_sum', route)).toBeGreaterThan(0);
    s.stop();
    await waitFor(async () => sample((await scrape()).text, 'lingxi_sse_streams_open', route) === 0);
  });

  it('counts failed jobs and failed sweeps, and shows the queue depth', async () => {
    // A second queue on the app's database, counting into the app's metrics, with a job bound to fail.
    const queue = `metrics-test-${randomUUID().slice(0, 8)}`;
    const jobs = new JobQueue(database, {
      worker: true,
      concurrency: 1,
      retryDelaySeconds: 1,
      schema: t.config.jobs.schema,
      log: t.app.log,
      metrics: t.app.metrics,
    });
    jobs.define({ name: queue, retryLimit: 0, expireInSeconds: 30, pollingIntervalSeconds: 1 }, async () => {
      throw new Error('the job fails');
    });
    jobs.every({ name: `${queue}-sweep`, intervalMs: 20 }, () =>
      Promise.reject(new Error('the sweep fails')),
    );
    await jobs.start();
    try {
      await jobs.send(queue, { n: 1 });
      jobs.wake(queue);
      const text = await waitFor(async () => {
        const m = (await scrape()).text;
        // The sweep's first cycle may come after the job fails (on PostgreSQL it is claimed in database time).
        const swept = sample(m, 'lingxi_sweep_failures_total', { sweep: `${queue}-sweep` }) > 0;
        return sample(m, 'lingxi_job_failures_total', { queue }) === 1 && swept && m;
      }, 15_000);
      expect(sample(text, 'lingxi_jobs', { queue, state: 'failed' })).toBe(1);
    } finally {
      await jobs.stop(500);
    }
  });
});

describe('who may read /metrics', () => {
  it('refuses a request that came through a proxy when no token is set', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
    ];
    for (const headers of proxied) {
      const res = await scrape(t.base, headers);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('lingxi_');
    }
    // Claiming to be private changes nothing: any forwarded request is the public's.
    expect((await scrape(t.base, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
  });

  it('with METRICS_TOKEN, serves the Bearer token from anywhere and nobody else', async () => {
    const token = randomUUID();
    const s = await (await startTestApp({ env: { METRICS_TOKEN: token } })).listen();
    try {
      expect((await scrape(s.base)).status).toBe(403);
      expect((await scrape(s.base, { authorization: `Bearer ${token}x` })).status).toBe(403);
      expect((await scrape(s.base, { authorization: token })).status).toBe(403);
      expect((await scrape(s.base, { authorization: 'Bearer ' })).status).toBe(403);
      const ok = await scrape(s.base, { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('lingxi_http_request_duration_seconds');
    } finally {
      await s.close();
    }
  });

  it('knows loopback and private addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.2.3.4',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      'fd00::1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    expect(isPrivateAddress('::ffff:10.0.0.7')).toBe(true);
    for (const a of [
      '8.8.8.8',
      '172.32.0.1',
      '11.0.0.1',
      '::ffff:8.8.8.8',
      '2001:db8::1',
      'garbage',
      undefined,
    ]) {
      expect(isPrivateAddress(a), String(a)).toBe(false);
    }
  });
});
