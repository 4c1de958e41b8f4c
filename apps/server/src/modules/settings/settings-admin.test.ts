import {
  ErrorCode,
  SETTING_CATALOGUE,
  SETTING_KEYS,
  type AdminSetting,
  type AdminSettingList,
  type MemberPlans,
  type Order,
  type PublicSettings,
  type VipTierSetting,
  type WithdrawalRules,
} from '@lingxi/contract';
import { asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.js';
import { settings } from '../../db/schema/settings.js';
import { startCreationApp } from '../../../test/bots.js';
import type { TestApp } from '../../../test/helpers.js';
import { placeOrder } from '../../../test/payments.js';
import { SETTING_DEFAULTS } from './settings-admin.service.js';

let t: TestApp;
let admin: { token: string; user: { id: number } };
beforeAll(async () => {
  ({ t, admin } = await startCreationApp());
});
afterAll(() => t?.close());
// Each test starts from the defaults.
afterEach(async () => {
  await t.db.delete(settings).where(sql`${settings.key} <> 'internal.secret'`);
  t.modules.settings.forget();
});

const put = (key: string, value: unknown, token = admin.token) =>
  t.call<AdminSetting>('PUT', `/api/v1/admin/setting/${key}`, { token, body: { value } });
const reset = (key: string, token = admin.token) =>
  t.call<AdminSetting>('DELETE', `/api/v1/admin/setting/${key}`, { token });
const list = async () =>
  (await t.call<AdminSettingList>('GET', '/api/v1/admin/setting', { token: admin.token })).body.data.list;
const audits = (key: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `setting:${key}`))
    .orderBy(asc(auditLog.id));
const allAudits = () => t.db.select().from(auditLog).where(like(auditLog.target, 'setting:%'));
const stored = () =>
  t.db
    .select()
    .from(settings)
    .where(sql`${settings.key} <> 'internal.secret'`);
const publicSettings = async () => (await t.call<PublicSettings>('GET', '/api/v1/setting')).body.data;

const TIERS: VipTierSetting[] = [
  {
    id: 'month',
    name: '月度会员',
    price_fen: 2590,
    original_price_fen: 2990,
    days: 30,
    monthly_chips: 400,
    benefits: ['会员专属模型'],
  },
  {
    id: 'quarter',
    name: '季度会员',
    price_fen: 5800,
    original_price_fen: null,
    days: 90,
    monthly_chips: 300,
    benefits: [],
  },
];

describe('the catalogue', () => {
  it('lists every operator setting with its value, default and metadata; never the word list or the secret', async () => {
    const rows = await list();
    expect(rows.map((r) => r.key)).toEqual(SETTING_KEYS);
    expect(rows.map((r) => r.key)).not.toContain('sensitive_words');
    expect(JSON.stringify(rows)).not.toContain('internal.secret');
    for (const r of rows) {
      expect(r.label.length, r.key).toBeGreaterThan(1);
      expect(r.help.length, r.key).toBeGreaterThan(5);
      expect(r).toMatchObject({ overridden: false, updated_at: null });
      expect(r.value, r.key).toEqual(r.default);
    }
    expect(rows.find((r) => r.key === 'signup_bonus')).toMatchObject({
      group: 'basic',
      kind: 'count',
      unit: '芯片',
      min: 0,
      value: 100,
    });
    expect(rows.find((r) => r.key === 'withdrawal_min_fen')).toMatchObject({ kind: 'money', value: 1000 });
  });

  it('holds a default for every setting, each passing its own schema (one rule set)', () => {
    expect(Object.keys(SETTING_DEFAULTS).sort()).toEqual([...SETTING_KEYS].sort());
    for (const key of SETTING_KEYS) {
      const r = SETTING_CATALOGUE[key].schema.safeParse(SETTING_DEFAULTS[key]);
      expect(r.success, `${key}: ${r.error?.issues[0]?.message}`).toBe(true);
    }
  });
});

describe('PUT and DELETE /admin/setting/{key}', () => {
  it('renames the assistant: the public settings show it at once, audited with before and after', async () => {
    const res = await put('assistant_name', '  小犀  ');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ key: 'assistant_name', value: '小犀', overridden: true });
    expect(res.body.data.updated_at).toBe(t.clock.now().toISOString());
    expect((await publicSettings()).assistant_name).toBe('小犀');
    const [row] = await audits('assistant_name');
    expect(row).toMatchObject({
      actorId: admin.user.id,
      action: 'setting.update',
      before: '灵犀',
      after: '小犀',
      detail: { label: '助手名称' },
    });
    expect(row!.ip).toBeTruthy();

    const back = await reset('assistant_name');
    expect(back.body.data).toMatchObject({ value: '灵犀', overridden: false, updated_at: null });
    expect((await publicSettings()).assistant_name).toBe('灵犀');
    expect((await audits('assistant_name')).map((a) => [a.action, a.before, a.after])).toEqual([
      ['setting.update', '灵犀', '小犀'],
      ['setting.reset', '小犀', '灵犀'],
    ]);
  });

  it('gives the next signup the new bonus', async () => {
    expect((await put('signup_bonus', 321)).body.code).toBe(0);
    const { user } = await t.login();
    expect(user.chips).toBe(321);
  });

  it('changes the withdrawal and invite rules through the same endpoints', async () => {
    expect((await put('withdrawal_min_fen', 2500)).body.code).toBe(0);
    expect((await put('withdrawal_fee_permille', 6)).body.code).toBe(0);
    const { token } = await t.login();
    const rules = await t.call<WithdrawalRules>('GET', '/api/v1/withdrawal/rules', { token });
    expect(rules.body.data).toMatchObject({ min_fen: 2500, fee_permille: 6 });
    expect((await put('creator_fen_per_chip', 0.25)).body.data.value).toBe(0.25);
    expect((await put('invite_commission_percent', 15)).body.data.value).toBe(15);
  });

  it('keeps the same value once: no second write, no second audit row', async () => {
    await put('share_title', '灵犀一点通');
    const again = await put('share_title', '灵犀一点通');
    expect(again.body.data.value).toBe('灵犀一点通');
    expect(await audits('share_title')).toHaveLength(1);
    await reset('share_title');
    expect((await reset('share_title')).body.code).toBe(0);
    expect((await audits('share_title')).map((a) => a.action)).toEqual(['setting.update', 'setting.reset']);
  });

  it('writes once under 50 identical requests, and restores once under 50 identical resets', async () => {
    const puts = await Promise.all(Array.from({ length: 50 }, () => put('icp', '京ICP备12345678号')));
    expect(puts.map((r) => r.body.code)).toEqual(Array(50).fill(0));
    expect(await audits('icp')).toHaveLength(1);
    const resets = await Promise.all(Array.from({ length: 50 }, () => reset('icp')));
    expect(resets.map((r) => r.body.data.overridden)).toEqual(Array(50).fill(false));
    expect((await audits('icp')).map((a) => a.action)).toEqual(['setting.update', 'setting.reset']);
  });

  it('normalises old hosts (lower case, trimmed) and takes an empty new address', async () => {
    const res = await put('deprecated_hosts', [' Old.Example.com ', 'lingxi.example:8080']);
    expect(res.body.data.value).toEqual(['old.example.com', 'lingxi.example:8080']);
    expect((await put('new_url', '')).body.code).toBe(0);
    expect((await publicSettings()).deprecated_hosts).toEqual(['old.example.com', 'lingxi.example:8080']);
  });

  it('ignores a stored value of the wrong shape (the default holds) and does not call it overridden', async () => {
    await t.db.insert(settings).values({ key: 'assistant_name', value: 42 });
    await t.db.insert(settings).values({ key: 'signup_bonus', value: -5 });
    t.modules.settings.forget();
    expect(await publicSettings()).toMatchObject({ assistant_name: '灵犀', signup_bonus: 100 });
    const rows = await list();
    expect(rows.find((r) => r.key === 'assistant_name')).toMatchObject({ value: '灵犀', overridden: false });
  });

  it('answers 20003 without a session and 10003 to a user who is no operator, writing nothing', async () => {
    const { token } = await t.login();
    expect((await put('assistant_name', 'x', token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await reset('assistant_name', token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect(
      (await t.call('PUT', '/api/v1/admin/setting/assistant_name', { body: { value: 'x' } })).body.code,
    ).toBe(ErrorCode.NO_TOKEN);
    expect(await stored()).toEqual([]);
  });
});

describe('refusals', () => {
  const refused = async (key: string, value: unknown) => {
    const res = await put(key, value);
    expect(res.status, `${key} ${JSON.stringify(value)?.slice(0, 80)}`).toBe(200);
    expect(res.body.code, `${key} ${JSON.stringify(value)?.slice(0, 80)}`).toBe(ErrorCode.BAD_REQUEST);
    return res.body as unknown as { msg: string; data: { field: string } };
  };

  let auditsBefore = 0;
  beforeEach(async () => {
    auditsBefore = (await allAudits()).length;
  });
  afterEach(async () => {
    expect(await stored()).toEqual([]);
    expect(await allAudits()).toHaveLength(auditsBefore);
  });

  it('refuses an unknown key, the word list, the secret and a missing value', async () => {
    for (const key of ['nope', 'sensitive_words', 'internal.secret', 'cdn_base', '%00']) {
      expect((await refused(key, 'x')).msg).toMatch(/设置项|参数/);
    }
    const missing = await t.call('PUT', '/api/v1/admin/setting/icp', { token: admin.token, body: {} });
    expect(missing.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请填写设置值' });
    const none = await t.call('DELETE', '/api/v1/admin/setting/nope', { token: admin.token });
    expect(none.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '没有这个设置项' });
  });

  it('refuses bad scalars with the field’s Chinese message', async () => {
    expect(await refused('signup_bonus', 1e300)).toMatchObject({
      msg: '注册奖励不能大于100000芯片',
      data: { field: 'value' },
    });
    expect((await refused('signup_bonus', -1)).msg).toBe('注册奖励不能小于0芯片');
    expect((await refused('signup_bonus', 2.5)).msg).toBe('注册奖励应为整数');
    expect((await refused('signup_bonus', '100')).msg).toBe('注册奖励应为数字');
    expect((await refused('signup_bonus', null)).msg).toBe('请填写注册奖励');
    expect((await refused('assistant_name', '')).msg).toBe('请填写助手名称');
    expect((await refused('assistant_name', '   ')).msg).toBe('请填写助手名称');
    expect((await refused('assistant_name', '灵'.repeat(10_000))).msg).toBe('助手名称最多20个字');
    expect((await refused('assistant_name', '灵\n犀')).msg).toBe('助手名称不能包含换行等控制字符');
    expect((await refused('assistant_name', ['灵犀'])).msg).toBe('助手名称应为文字');
    expect((await refused('withdrawal_min_fen', 10.5)).msg).toBe('单笔最低提现最小单位为分');
    expect((await refused('withdrawal_daily_max_fen', 1e12)).msg).toBe('每日提现上限不能超过¥1000000');
    expect((await refused('withdrawal_fee_permille', 1001)).msg).toBe('手续费率不能大于1000‰');
    expect((await refused('creator_fen_per_chip', 0.1234567)).msg).toBe('创作者分成最多6位小数');
    expect((await refused('report_hide_threshold', 0)).msg).toBe('举报隐藏人数不能小于1人');
    expect((await refused('knowledge_document_bytes', 21 * 1024 * 1024)).msg).toBe(
      '单个文档大小不能大于20MB',
    );
    expect((await refused('new_url', 'javascript:alert(1)')).msg).toMatch(/http/);
    expect((await refused('share_image', '//evil.example/x.png')).msg).toMatch(/站内路径/);
    expect(await refused('deprecated_hosts', ['ok.example.com', 'https://old.example.com/'])).toMatchObject({
      msg: '第2个域名：域名格式不正确，例如 old.example.com（不含 http:// 和路径）',
      data: { field: 'value.1' },
    });
    expect((await refused('deprecated_hosts', ['a.example', 'A.example'])).msg).toBe(
      '第2个域名：域名「a.example」重复',
    );
  });

  it('refuses NUL bytes and lone surrogates at the edge', async () => {
    await refused('assistant_name', '灵\u0000犀');
    await refused('share_title', 'x\ud800y');
    await refused('vip_tiers', [{ ...TIERS[0], name: '月\u0000度' }]);
  });

  it('refuses an invalid tier list, naming the tier and the field', async () => {
    const tier = TIERS[0]!;
    const cases: [unknown, string, string?][] = [
      [[], '至少保留一个会员套餐'],
      ['month', '会员套餐应为列表'],
      [[tier, { ...TIERS[1], id: 'month' }], '第2个会员套餐：会员套餐ID「month」重复', 'value.1.id'],
      [[{ ...tier, price_fen: 0 }], '第1个会员套餐：售价不能低于¥0.01', 'value.0.price_fen'],
      [[{ ...tier, price_fen: 19.9 }], '第1个会员套餐：售价最小单位为分'],
      [[{ ...tier, price_fen: 1e15 }], '第1个会员套餐：售价不能超过¥100000'],
      [[{ ...tier, original_price_fen: 2590 }], '第1个会员套餐：原价应高于售价（没有原价就不填）'],
      [[{ ...tier, days: 0 }], '第1个会员套餐：天数不能小于1天'],
      [[{ ...tier, monthly_chips: -1 }], '第1个会员套餐：每月赠送芯片不能小于0芯片'],
      [[{ ...tier, name: '' }], '第1个会员套餐：请填写套餐名称'],
      [[{ ...tier, id: 'a b' }], '第1个会员套餐：ID只能用字母、数字、-和_，最多32个字符'],
      [[{ ...tier, benefits: ['x'.repeat(41)] }], '第1个会员套餐：权益最多40个字', 'value.0.benefits.0'],
      [Array.from({ length: 11 }, (_, i) => ({ ...tier, id: `t${i}` })), '会员套餐最多10个'],
      [[{ id: 'x' }], '第1个会员套餐：套餐名称应为文字'],
    ];
    for (const [value, msg, field] of cases) {
      const body = await refused('vip_tiers', value);
      expect(body.msg).toBe(msg);
      if (field) expect(body.data.field).toBe(field);
    }
    expect((await refused('chip_packages', [{ id: 'c1', price_fen: 100, chips: 0, tag: '' }])).msg).toBe(
      '第1个芯片套餐：芯片数不能小于1芯片',
    );
    expect(
      (await refused('chip_packages', [{ id: 'c1', price_fen: 100, chips: 10, tag: '超级无敌划算啦' }])).msg,
    ).toBe('第1个芯片套餐：角标最多6个字');
  });
});

describe('plans', () => {
  it('the member plans show the edited tiers and packages; an order made before keeps its price', async () => {
    const { token } = await t.login();
    const before = await placeOrder(t, token, { kind: 'vip', item_id: 'month' });
    expect(before.body.data.amount_fen).toBe(1990);

    expect((await put('vip_tiers', TIERS)).body.code).toBe(0);
    const packages = [{ id: 'c100', price_fen: 100, chips: 100, tag: '尝鲜' }];
    expect((await put('chip_packages', packages)).body.code).toBe(0);
    const plans = (await t.call<MemberPlans>('GET', '/api/v1/member/plans')).body.data;
    expect(plans.tiers.map((x) => [x.id, x.price_fen, x.days, x.monthly_chips])).toEqual([
      ['month', 2590, 30, 400],
      ['quarter', 5800, 90, 300],
    ]);
    expect(plans.packages).toEqual(packages);
    const [audit] = await audits('vip_tiers');
    expect((audit!.before as VipTierSetting[]).map((x) => x.price_fen)).toEqual([1990, 16800]);
    expect((audit!.after as VipTierSetting[]).map((x) => x.id)).toEqual(['month', 'quarter']);

    // The order made at ¥19.90 is paid and fulfilled at ¥19.90; a new one costs the new price.
    const no = before.body.data.order_no;
    expect((await t.call('POST', `/api/v1/pay/sandbox/${no}/confirm`, { token })).body.code).toBe(0);
    const paid = (await t.call<Order>('GET', `/api/v1/order/${no}`, { token })).body.data;
    expect(paid).toMatchObject({ status: 'fulfilled', amount_fen: 1990, vip_days: 30 });
    const after = await placeOrder(t, token, { kind: 'vip', item_id: 'month' });
    expect(after.body.data.amount_fen).toBe(2590);
    const gone = await placeOrder(t, token, { kind: 'vip', item_id: 'year' });
    expect(gone.body.code).toBe(ErrorCode.NOT_FOUND);
  });
});
