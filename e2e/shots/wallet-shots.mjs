/*
 * Screenshots of the wallet's pages at 375 × 812 (docs/money.md), against the built web app with the API answered
 * here from contract-shaped samples. Not run by the tests: `npm run build -w apps/web && node e2e/shots/wallet-shots.mjs`
 * writes PNGs to /tmp/shots-w6/ (or SHOTS_DIR).
 */
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const dist = join(root, 'apps/web/dist');
const out = process.env.SHOTS_DIR ?? '/tmp/shots-w6';
mkdirSync(out, { recursive: true });

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = join(dist, path);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
    file = join(dist, 'index.html');
  res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
  createReadStream(file).pipe(res);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}`;

const now = Date.now();
const iso = (days) => new Date(now + days * 86_400_000).toISOString();
const user = (vip) => ({
  id: 1,
  phone: '138****0000',
  nickname: '小灵同学',
  avatar: '/media/avatars/a.svg',
  gender: 0,
  birthday: null,
  bio: '',
  invite_code: 'K7PX2Q',
  role: 'user',
  is_vip: vip,
  vip_expires_at: vip ? iso(26) : null,
  chips: vip ? 3480 : 36,
  created_at: iso(-40),
});
const plans = {
  tiers: [
    {
      id: 'month',
      name: '月度会员',
      price_fen: 1990,
      original_price_fen: 3000,
      days: 30,
      monthly_chips: 300,
      benefits: ['会员专属模型（GPT 级高级模型）', '智能体与知识库上限提高', '更大的文档存储空间'],
    },
    {
      id: 'year',
      name: '年度会员',
      price_fen: 16800,
      original_price_fen: 23880,
      days: 365,
      monthly_chips: 300,
      benefits: ['会员专属模型（GPT 级高级模型）', '智能体与知识库上限提高', '更大的文档存储空间'],
    },
  ],
  packages: [
    { id: 'p6', price_fen: 600, chips: 600, tag: '' },
    { id: 'p30', price_fen: 3000, chips: 3200, tag: '超值' },
    { id: 'p98', price_fen: 9800, chips: 11000, tag: '送12%' },
  ],
  vip_discount_percent: 20,
  channels: ['sandbox', 'wechat_h5', 'wechat_jsapi', 'wechat_native'],
};
const wallet = (vip) => ({
  chips: vip ? 3480 : 36,
  earnings_fen: 12850,
  earnings_frozen_fen: 5000,
  earnings_debt_fen: 0,
  vip: vip
    ? { active: true, tier: 'month', tier_name: '月度会员', expires_at: iso(26), next_grant_at: iso(26) }
    : { active: false, tier: null, tier_name: null, expires_at: null, next_grant_at: null },
});
const order = (no, status, extra = {}) => ({
  order_no: no,
  kind: 'chips',
  item_id: 'p30',
  title: '3,200 芯片',
  amount_fen: 3000,
  chips: 3200,
  vip_days: 0,
  channel: 'sandbox',
  status,
  created_at: iso(-1),
  expires_at: iso(-1),
  paid_at: null,
  refunded_at: null,
  ...extra,
});
const page = (list) => ({ list, next_cursor: null });

function answers(vip) {
  return {
    '/api/v1/user': user(vip),
    '/api/v1/setting': {
      assistant_name: '灵犀',
      share_title: '你的AI助手',
      share_image: '',
      cdn_base: '',
      deprecated_hosts: [],
      new_url: '',
      customer_service: '',
      icp: '',
      signup_bonus: 100,
    },
    '/api/v1/notice/unread': { total: 0, system: 0, review: 0, interaction: 0 },
    '/api/v1/member/plans': plans,
    '/api/v1/wallet': wallet(vip),
    '/api/v1/order/LX20260301000001': order('LX20260301000001', 'fulfilled'),
    '/api/v1/order/LX20260301000002': order('LX20260301000002', 'closed'),
    '/api/v1/order': page([
      order('LX20260301000009', 'pending', { created_at: iso(0) }),
      order('LX20260301000008', 'fulfilled', {
        kind: 'vip',
        item_id: 'month',
        title: '月度会员',
        amount_fen: 1990,
        chips: 0,
        vip_days: 30,
      }),
      order('LX20260301000007', 'fulfilled', {
        title: '600 芯片',
        amount_fen: 600,
        chips: 600,
        created_at: iso(-3),
      }),
      order('LX20260301000006', 'closed', { created_at: iso(-5) }),
      order('LX20260301000005', 'refunded', {
        title: '11,000 芯片',
        amount_fen: 9800,
        chips: 11000,
        created_at: iso(-9),
      }),
    ]),
    '/api/v1/pay/sandbox/LX20260301000001': {
      order_no: 'LX20260301000001',
      title: '月度会员',
      amount_fen: 1990,
      status: 'pending',
    },
    '/api/v1/invite/reward/count': {
      invited_count: 18,
      rewarded_count: 15,
      chips_total: 750,
      commission_fen_total: 8630,
      rules: {
        inviter_chips: 50,
        invitee_chips: 50,
        commission_percent: 10,
        commission_days: 365,
        daily_cap: 20,
      },
    },
    '/api/v1/invite/reward': page([
      {
        id: 3,
        kind: 'commission',
        invitee: { nickname: '阿杰', avatar: '' },
        chips: 0,
        amount_fen: 1680,
        title: '开通年度会员佣金',
        created_at: iso(-0.2),
      },
      {
        id: 2,
        kind: 'signup',
        invitee: { nickname: '小雨', avatar: '' },
        chips: 50,
        amount_fen: 0,
        title: '好友注册奖励',
        created_at: iso(-1),
      },
      {
        id: 1,
        kind: 'commission_reversal',
        invitee: { nickname: '老周', avatar: '' },
        chips: 0,
        amount_fen: -300,
        title: '订单退款，佣金收回',
        created_at: iso(-2),
      },
    ]),
    '/api/v1/earnings/record': page([
      {
        id: 4,
        delta_fen: 1680,
        balance_after_fen: 12850,
        reason: 'commission',
        title: '邀请佣金 · 阿杰 开通年度会员',
        created_at: iso(-0.2),
      },
      {
        id: 3,
        delta_fen: 870,
        balance_after_fen: 11170,
        reason: 'creator_revenue',
        title: '智能体收益 · 旅行规划师',
        created_at: iso(-1),
      },
      {
        id: 2,
        delta_fen: -5000,
        balance_after_fen: 10300,
        reason: 'withdrawal',
        title: '提现申请',
        created_at: iso(-2),
      },
    ]),
    '/api/v1/withdrawal/rules': {
      min_fen: 1000,
      daily_max_fen: 200000,
      fee_permille: 0,
      fee_min_fen: 0,
      today_requested_fen: 5000,
    },
    '/api/v1/withdrawal': page([
      w(1, 'pending', {}),
      w(2, 'paid', { reference: '4200001234202603011234567890' }),
      w(3, 'rejected', { reason: '收款账号与实名不一致，请核对后重新申请' }),
    ]),
    '/api/v1/chip/record': page([]),
  };
}
function w(id, status, extra) {
  return {
    id,
    amount_fen: 5000 * id,
    fee_fen: 0,
    net_fen: 5000 * id,
    channel: id === 2 ? 'alipay' : 'wechat',
    account: '138****0000',
    real_name: '张*',
    status,
    reason: null,
    reference: null,
    created_at: iso(-id * 2),
    updated_at: iso(-id * 2),
    ...extra,
  };
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function shot(name, path, { vip = false, redeem, act } = {}) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    locale: 'zh-CN',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  });
  await context.addInitScript(
    ([token, info]) => {
      localStorage.setItem('lingxi:token', token);
      localStorage.setItem('lingxi:user-info', info);
    },
    ['shot-token', JSON.stringify(user(vip))],
  );
  const data = answers(vip);
  await context.route('**/api/v1/**', async (route) => {
    const url = new URL(route.request().url());
    let body = { code: 10004, msg: '接口不存在', data: null };
    if (url.pathname === '/api/v1/redeem') body = redeem ?? { code: 10009, msg: '该兑换码已被使用' };
    else if (url.pathname in data) body = { code: 0, msg: 'ok', data: data[url.pathname] };
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
  });
  const p = await context.newPage();
  await p.goto(`${base}${path}`);
  await p.waitForLoadState('networkidle');
  await p.waitForTimeout(400);
  if (act) await act(p);
  await p.waitForTimeout(500);
  await p.screenshot({ path: join(out, `${name}.png`) });
  console.log(`${name}.png`);
  await context.close();
}

await shot('01-member-center', '/member-center');
await shot('02-member-center-vip', '/member-center', { vip: true });
await shot('03-member-center-scrolled', '/member-center', {
  act: async (p) => {
    await p.getByTestId('package-p30').click();
    await p.getByTestId('topup-agreement').click();
    await p.mouse.wheel(0, 600);
  },
});
await shot('04-cashier', '/member-center', {
  act: async (p) => {
    await p.getByTestId('topup-agreement').click();
    await p.getByText('立即开通').click();
  },
});
await shot('05-refused-without-agreement', '/member-center', {
  act: async (p) => {
    await p.getByText('立即开通').click();
    await p.waitForTimeout(200);
  },
});
await shot('06-result-success', '/member-center?order_no=LX20260301000001&redirect=%2Fbot%2F5');
await shot('07-result-closed', '/member-center?order_no=LX20260301000002');
await shot('08-sandbox', '/pay/sandbox?order_no=LX20260301000001');
await shot('09-orders', '/user/orders');
await shot('10-invite', '/invite');
await shot('11-invite-scrolled', '/invite', { act: (p) => p.mouse.wheel(0, 700) });
await shot('12-invite-bottom', '/invite', { act: (p) => p.mouse.wheel(0, 2000) });
await shot('13-redeem', '/redeem-code');
await shot('14-redeem-error', '/redeem-code', {
  act: async (p) => {
    await p.getByRole('textbox').fill('ab3k 9xq2 m7pw');
    await p.getByText('立即兑换').click();
  },
});
await shot('15-redeem-success', '/redeem-code', {
  redeem: { code: 0, msg: 'ok', data: { kind: 'chips', value: 500, chips: 536, vip_expires_at: null } },
  act: async (p) => {
    await p.getByRole('textbox').fill('AB3K9XQ2M7PW');
    await p.getByText('立即兑换').click();
  },
});
await shot('16-withdrawal', '/user/withdrawal');
await shot('17-withdrawal-history', '/user/withdrawal', { act: (p) => p.getByText('提现记录').click() });
await shot('18-withdrawal-form', '/user/withdrawal', {
  act: async (p) => {
    await p.getByTestId('withdraw-open').click();
    await p.getByTestId('withdraw-amount').locator('input').fill('5');
    await p.getByText('提交申请').click();
  },
});
await shot('19-mine', '/user', { vip: true });

await browser.close();
server.close();
