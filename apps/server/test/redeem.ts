import type { CreateRedeemBatchBody, RedeemBatch } from '@lingxi/contract';
import { expect } from 'vitest';
import type { TestApp } from './helpers.js';
import { makeAdmin } from './money.js';

/** An operator's token (a user made admin). */
export async function adminToken(t: TestApp) {
  const admin = await t.login();
  await makeAdmin(t.db, admin.user.id);
  return admin.token;
}

/** Parses the export: rows of cells (no cell of ours is quoted). */
export const parseCsv = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

/** A batch made through the operators' route, and its codes from the export. */
export async function makeBatch(t: TestApp, token: string, b: Partial<CreateRedeemBatchBody> = {}) {
  const body = {
    kind: 'chips',
    value: 100,
    quantity: 5,
    expires_at: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    ...b,
  };
  const res = await t.call<RedeemBatch>('POST', '/api/v1/admin/redeem/batch', { token, body });
  expect(res.body.code).toBe(0);
  const csv = await fetch(`${t.base}/api/v1/admin/redeem/batch/${res.body.data.id}/codes.csv`, {
    headers: { token },
  });
  const codes = parseCsv(await csv.text())
    .slice(1)
    .map((r) => r[0]!);
  return { batch: res.body.data, codes };
}
