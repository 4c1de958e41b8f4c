import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * Every operator route, found from the API's own description (so a route added later is covered without
 * touching this test): a normal user's token gets 10003 and no token gets "not logged in", whatever it sends.
 */
describe('operator routes', () => {
  let t: TestApp;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await (await startTestApp()).listen();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => ({
          method: method.toUpperCase(),
          // Any id will do: the role is checked before anything is looked up.
          path: path.replace(/\{[^}]+\}/g, '1'),
        })),
      );
  });
  afterAll(() => t?.close());

  it('are refused to a normal user with 10003, and to no one logged in', async () => {
    expect(routes.length).toBeGreaterThan(2);
    const { token } = await t.login();
    for (const r of routes) {
      const body = r.method === 'GET' ? undefined : {};
      const asUser = await t.call(r.method, r.path, { token, body });
      expect({ ...r, code: asUser.body.code }).toEqual({ ...r, code: 10003 });
      const anonymous = await t.call(r.method, r.path, { body });
      expect({ ...r, code: anonymous.body.code }).toEqual({ ...r, code: 20003 });
    }
  });
});
