import { createConnection, createServer, type Server } from 'node:net';
import { ErrorCode } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { LISTENER_NAME } from '../../db/pg-listener.js';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';

const url = process.env.DATABASE_URL;
const LATENCY_MS = 100;

/**
 * PostgreSQL's notifications late: everything sent to the listening connection (named in its first packet)
 * arrives `LATENCY_MS` later, in order, as when a busy network or event loop delays them past the HTTP
 * response. Other connections are not slowed.
 */
async function distantPostgres(target: URL) {
  const server: Server = createServer((client) => {
    const upstream = createConnection(Number(target.port || 5432), target.hostname);
    let delay = 0;
    client.once('data', (first: Buffer) => {
      if (first.includes(LISTENER_NAME)) delay = LATENCY_MS;
    });
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (!delay) return void client.write(chunk);
      setTimeout(() => client.writable && client.write(chunk), delay);
    });
    upstream.on('end', () => setTimeout(() => client.end(), delay));
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', drop);
    client.on('error', drop);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const proxied = new URL(target.href);
  proxied.host = `127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return { url: proxied.href, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Read your writes in one process (docs/scaling.md, Read your writes): an operator's change answered, the
 * very next request meets it, although on PostgreSQL the cache learns of it from an announcement that comes
 * after the commit. A disabled user's session is the cache here (the operator's service does not touch it).
 * The embedded database announces before the statement returns: nothing to wait for there.
 */
describe.skipIf(!url)('a change is announced before its request answers', () => {
  let t: TestApp;
  let admin: string;
  let proxy: Awaited<ReturnType<typeof distantPostgres>>;
  beforeAll(async () => {
    proxy = await distantPostgres(new URL(url!));
    const adminPhone = randomPhone();
    const database = await openDatabase({ databaseUrl: proxy.url, dataDir: '' });
    t = await (
      await startTestApp({ env: { ADMIN_PHONES: adminPhone }, database, waitForAnnouncements: false })
    ).listen();
    admin = (await t.login(adminPhone)).token;
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('refuses a disabled user at once, and lets them back at once, round after round', async () => {
    const { token, user } = await t.login();
    const me = async () => (await t.call('GET', '/api/v1/user', { token })).body.code;
    for (let round = 0; round < 6; round++) {
      expect(await me()).toBe(0);
      const off = await t.call('POST', `/api/v1/admin/user/${user.id}/disable`, {
        token: admin,
        body: { reason: '测试' },
      });
      expect(off.body.code).toBe(0);
      expect(await me(), `round ${round}`).toBe(ErrorCode.ACCOUNT_DISABLED);
      const on = await t.call('POST', `/api/v1/admin/user/${user.id}/enable`, { token: admin, body: {} });
      expect(on.body.code).toBe(0);
    }
  });
});
