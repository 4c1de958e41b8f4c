import { ErrorCode, type AdminSetting, type PublicSettings } from '@lingxi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/settings.js';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';

/*
 * web_view_hosts (docs/platforms.md, Pages): the outside hosts /mini-web-view shows and /redirect goes to. An
 * operator edits the list; every client reads it from the public settings.
 */

let t: TestApp;
let admin: { token: string };
let user: { token: string };
beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
  user = await t.login();
});
afterAll(() => t?.close());
afterEach(async () => {
  await t.db.delete(settings).where(sql`${settings.key} = 'web_view_hosts'`);
  t.modules.settings.forget();
});

const put = (value: unknown, token = admin.token) =>
  t.call<AdminSetting>('PUT', '/api/v1/admin/setting/web_view_hosts', { token, body: { value } });
const hosts = async () => (await t.call<PublicSettings>('GET', '/api/v1/setting')).body.data.web_view_hosts;

describe('web_view_hosts', () => {
  it('is empty by default: no outside page is allowed until an operator lists one', async () => {
    expect(await hosts()).toEqual([]);
  });

  it('an operator sets it (trimmed, lower case) and every client reads it at once', async () => {
    const res = await put([' Docs.Example.com ', 'help.example.com:8443']);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ group: 'hosts', kind: 'hosts', overridden: true });
    expect(await hosts()).toEqual(['docs.example.com', 'help.example.com:8443']);
  });

  it('a normal user cannot set it', async () => {
    const res = await put(['evil.example'], user.token);
    expect(res.status).toBe(200);
    expect(res.body.code).not.toBe(0);
    expect(await hosts()).toEqual([]);
  });

  it.each([
    [['https://docs.example.com']],
    [['docs.example.com/path']],
    [['user@docs.example.com']],
    [['docs.example.com.']],
    [['*.example.com']],
    [['bücher.example']],
    [['docs.example.com\u0000']],
    [['docs example.com']],
    [['a.example', 'A.example']],
    ['docs.example.com'],
    [[42]],
    [Array.from({ length: 51 }, (_, i) => `h${i}.example.com`)],
  ])('refuses %j with the envelope, never a 500, and keeps the list', async (value) => {
    const res = await put(value);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(await hosts()).toEqual([]);
  });
});

describe('the content security policy', () => {
  it('lets the app frame https pages (the allow-list picks which) and nothing else', async () => {
    const csp = (await fetch(`${t.base}/api/v1/setting`)).headers.get('content-security-policy') ?? '';
    const frameSrc = csp.split(';').find((d) => d.trim().startsWith('frame-src'));
    expect(frameSrc?.trim().split(/\s+/).slice(1).sort()).toEqual(["'self'", 'https:']);
  });
});
