import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { chipLedger, deletedAccountPhones } from '../../db/schema.js';

/**
 * A deleted account's personal data is erased, but a keyed hash of its phone stays: the phone registers
 * again as a new person, without a second signup bonus.
 */
const bonusRows = (t: TestApp, userId: number) =>
  t.db.select().from(chipLedger).where(eq(chipLedger.userId, userId));

async function deleteAccount(t: TestApp, phone: string, token: string) {
  t.clock.advance(61_000);
  expect((await t.call('POST', '/api/v1/user/deletion/code', { token })).body.code).toBe(0);
  const code = t.codeFor(phone, 'delete_account');
  expect((await t.call('DELETE', '/api/v1/user', { token, body: { code } })).body.code).toBe(0);
  t.clock.advance(61_000);
}

/** Every text value of every row of the table that keeps deleted accounts' phones. */
const storedPhoneRows = async (t: TestApp) => JSON.stringify(await t.db.select().from(deletedAccountPhones));

describe('registering again after deletion', () => {
  let t: TestApp;
  let bonus: number;
  beforeAll(async () => {
    t = await (await startTestApp()).listen();
    bonus = (await t.call<{ signup_bonus: number }>('GET', '/api/v1/setting')).body.data.signup_bonus;
    expect(bonus).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  it('gives the returning phone no second signup bonus', async () => {
    const phone = randomPhone();
    const first = await t.login(phone);
    expect(first.user.chips).toBe(bonus);
    await deleteAccount(t, phone, first.token);

    const again = await t.login(phone);
    expect(again.user.id).not.toBe(first.user.id);
    expect(again.user.chips).toBe(0);
    expect(await bonusRows(t, again.user.id)).toEqual([]);
    const me = await t.call<{ chips: number }>('GET', '/api/v1/user', { token: again.token });
    expect(me.body.data.chips).toBe(0);
  });

  it('nor a third time', async () => {
    const phone = randomPhone();
    let session = await t.login(phone);
    for (let i = 0; i < 2; i++) {
      await deleteAccount(t, phone, session.token);
      session = await t.login(phone);
      expect(session.user.chips).toBe(0);
    }
  });

  it('nor to 20 logins of the returning phone at once', async () => {
    const phone = randomPhone();
    await deleteAccount(t, phone, (await t.login(phone)).token);
    await t.call('POST', `/api/v1/login/code/${phone}`);
    const code = t.codeFor(phone);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call<{ user_info: { id: number; chips: number } }>('POST', '/api/v1/phone/login', {
          body: { phone, code },
        }),
      ),
    );
    const users = results.filter((r) => r.body.code === 0).map((r) => r.body.data.user_info);
    expect(users.length).toBeGreaterThan(0);
    expect(new Set(users.map((u) => u.id)).size).toBe(1);
    expect(users.every((u) => u.chips === 0)).toBe(true);
    expect(await bonusRows(t, users[0]!.id)).toEqual([]);
  });

  it('still gives a phone never seen before its bonus', async () => {
    expect((await t.login()).user.chips).toBe(bonus);
  });

  it('keeps no phone number, only its keyed hash', async () => {
    const phone = randomPhone();
    await deleteAccount(t, phone, (await t.login(phone)).token);
    const stored = await storedPhoneRows(t);
    expect(stored).toMatch(/"phoneHash":"[0-9a-f]{64}"/);
    expect(stored).not.toContain(phone);
    expect(stored).not.toContain(phone.slice(-8));
    // Keyed: not a bare hash anyone could recompute from the number.
    for (const algorithm of ['sha256', 'sha1', 'md5']) {
      expect(stored).not.toContain(createHash(algorithm).update(phone).digest('hex'));
    }
  });
});

describe('the phone hash key', () => {
  it('is PHONE_HASH_KEY when set: HMAC-SHA256 of the phone', async () => {
    const key = 'a-key-kept-outside-the-database-0123456789';
    const t = await (await startTestApp({ env: { PHONE_HASH_KEY: key } })).listen();
    try {
      const phone = randomPhone();
      await deleteAccount(t, phone, (await t.login(phone)).token);
      expect(await storedPhoneRows(t)).toContain(createHmac('sha256', key).update(phone).digest('hex'));
      expect((await t.login(phone)).user.chips).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('without configuration, is generated once and the same after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lingxi-phone-hash-'));
    const phone = randomPhone();
    try {
      const before = await (await startTestApp({ dataDir })).listen();
      try {
        await deleteAccount(before, phone, (await before.login(phone)).token);
      } finally {
        await before.close();
      }
      const after = await (await startTestApp({ dataDir })).listen();
      try {
        const again = await after.login(phone);
        expect(again.user.chips).toBe(0);
        expect(await bonusRows(after, again.user.id)).toEqual([]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
