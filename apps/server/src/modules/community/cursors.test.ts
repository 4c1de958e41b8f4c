import { ErrorCode } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';

/** Crafted cursors on every list paged by a time (docs/community.md; `decodeTimeCursor`). */
let t: TestApp;
let admin: { token: string };
let user: { token: string };

beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
  user = await t.login();
});
afterAll(() => t?.close());

const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Lists ordered by a time, then an id, and who may read them. */
const lists = () => [
  { path: '/api/v1/user/block', token: user.token },
  { path: '/api/v1/admin/review/post', token: admin.token },
  { path: '/api/v1/admin/review/comment', token: admin.token },
  { path: '/api/v1/admin/report?status=resolved', token: admin.token },
  { path: '/api/v1/admin/review/bot', token: admin.token },
];

describe('a crafted time cursor', () => {
  it('is refused with 10001 on every list paged by a time, never a 500', async () => {
    const crafted = [
      [Number.MAX_SAFE_INTEGER, 1],
      [8.64e15, 1],
      [-8.64e15, 1],
      [-1, 1],
      [1e300, 1],
      [1.5, 1],
      [Date.UTC(10000, 0, 1), 1],
      [Date.now(), 0],
      [Date.now(), -3],
      [Date.now()],
      ['2026-01-01', 1],
    ];
    for (const { path, token } of lists()) {
      const sep = path.includes('?') ? '&' : '?';
      for (const c of crafted) {
        const res = await t.call('GET', `${path}${sep}cursor=${cursor(c)}`, { token });
        expect([res.status, res.body.code, path, c]).toEqual([200, ErrorCode.BAD_REQUEST, path, c]);
        expect(res.body.msg).toBe('分页参数cursor无效');
      }
      // The latest time a cursor may carry, and a plain one, are pages (empty here).
      for (const c of [
        [Date.UTC(9999, 11, 31, 23, 59, 59, 999), 1],
        [Date.now(), 1],
        [0, 1],
      ]) {
        const res = await t.call<{ list: unknown[] }>('GET', `${path}${sep}cursor=${cursor(c)}`, { token });
        expect([res.body.code, path, c]).toEqual([0, path, c]);
      }
    }
  });
});
