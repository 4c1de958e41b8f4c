import type { LoginCodeData } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, DAY, randomIp, randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { smsCodes } from '../../db/schema/account.js';

const HOUR = 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp()).listen();
});
afterAll(() => t.close());

const sendCode = (phone: string, ip?: string) =>
  t.call<LoginCodeData & { retry_after: number }>('POST', `/api/v1/login/code/${phone}`, { ip });

describe('POST /api/v1/login/code/{phone}', () => {
  it('refuses a phone that is not 1 + 10 digits, naming the field in Chinese', async () => {
    for (const bad of ['12345', '23800000000', '1380000000a', '138000000001', '%20']) {
      const res = await sendCode(bad);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(10001);
      expect(res.body.data).toMatchObject({ field: 'phone' });
      expect(res.body.msg).toBe('请输入正确的11位手机号');
    }
  });

  it('sends a code: one log line holds the phone and the code, and the answer says when to retry', async () => {
    const phone = randomPhone();
    const res = await sendCode(phone);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { retry_after: 60, expires_in: 300 } });
    const code = t.codeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    const lines = t.logs.filter((l) => {
      const s = JSON.stringify(l);
      return s.includes(phone) && s.includes(code);
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toContain(code);
    expect(lines[0]!.msg).toContain(phone);
  });

  it('stores the code hashed, never in clear', async () => {
    const phone = randomPhone();
    await sendCode(phone);
    const code = t.codeFor(phone);
    const rows = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toBe(code);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash.length).toBeGreaterThanOrEqual(32);
  });

  it('allows one code per phone per 60 s and says how many seconds to wait', async () => {
    const phone = randomPhone();
    expect((await sendCode(phone)).body.code).toBe(0);
    const atOnce = await sendCode(phone);
    expect(atOnce.body).toMatchObject({ code: 10029, data: { retry_after: 60 } });
    expect(atOnce.body.msg).toBe('验证码已发送，请60秒后再试');
    t.clock.advance(10_000);
    const again = await sendCode(phone);
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(10029);
    const wait = again.body.data.retry_after;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(wait).toBe(50);
    expect(again.body.msg).toContain(`${wait}秒`);
    t.clock.advance(50_000);
    expect((await sendCode(phone)).body.code).toBe(0);
  });

  it('allows at most 10 codes per phone a day, again after a day', async () => {
    const phone = randomPhone();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(phone)).body.code, `send ${i + 1}`).toBe(0);
      t.clock.advance(61_000);
    }
    const refused = await sendCode(phone);
    expect(refused.body.code).toBe(10029);
    expect(refused.body.msg).toContain('今日');
    expect(refused.body.data.retry_after).toBeGreaterThan(60);
    expect(refused.body.data.retry_after).toBeLessThanOrEqual(DAY / 1000);
    t.clock.advance(DAY);
    expect((await sendCode(phone)).body.code).toBe(0);
  });

  it('does not count a refused request against the daily allowance', async () => {
    const phone = randomPhone();
    expect((await sendCode(phone)).body.code).toBe(0);
    for (let i = 0; i < 5; i++) expect((await sendCode(phone)).body.code).toBe(10029);
    for (let i = 0; i < 9; i++) {
      t.clock.advance(61_000);
      expect((await sendCode(phone)).body.code, `send ${i + 2}`).toBe(0);
    }
  });

  it('allows at most 30 codes per IP an hour, whatever the phones, again after an hour', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++)
      expect((await sendCode(randomPhone(), ip)).body.code, `send ${i + 1}`).toBe(0);
    const phone = randomPhone();
    const refused = await sendCode(phone, ip);
    expect(refused.body.code).toBe(10029);
    expect(refused.body.msg).toContain('1小时');
    expect(refused.body.data.retry_after).toBe(3600);
    // Another network is not affected, and the refused phone got nothing.
    expect(() => t.codeFor(phone)).toThrow();
    expect((await sendCode(randomPhone())).body.code).toBe(0);
    t.clock.advance(HOUR);
    expect((await sendCode(phone, ip)).body.code).toBe(0);
  });

  it('retires the older code when a newer one is sent', async () => {
    const phone = randomPhone();
    await sendCode(phone);
    const first = t.codeFor(phone);
    t.clock.advance(61_000);
    await sendCode(phone);
    const second = t.codeFor(phone);
    const rows = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(smsCodes.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.consumedAt).not.toBeNull();
    expect(rows[1]!.consumedAt).toBeNull();
    if (first !== second) {
      const old = await t.call('POST', '/api/v1/phone/login', { body: { phone, code: first } });
      expect(old.body.code).not.toBe(0);
    }
    const ok = await t.call('POST', '/api/v1/phone/login', { body: { phone, code: second } });
    expect(ok.body.code).toBe(0);
  });
});
