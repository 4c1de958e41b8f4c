import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  china,
  encryptResource,
  exchangeCode,
  fakeKeys,
  rsaSign,
  rsaVerify,
} from './fake-wechatpay-support.js';

/**
 * A fake WeChat Pay API v3 (and the WeChat token endpoints of the OA and the mini-program) over real HTTP on
 * loopback, for tests. It checks each merchant request's `WECHATPAY2-SHA256-RSA2048` signature with the
 * merchant's public key, keeps orders and refunds, signs its answers with the key of the mode the test picks
 * (`signWith`: public key or platform certificate), and builds signed, encrypted notifications
 * (`notifyPaid`, `notifyRefunded`) that a test sends as they are, or replays, tampers, duplicates.
 */

export type FakeOrder = {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  time_expire: string;
  notify_url: string;
  amount: { total: number; currency: string };
  payer?: { openid: string };
  scene_info?: { payer_client_ip: string; h5_info?: { type: string } };
  trade_type: 'JSAPI' | 'MWEB' | 'NATIVE';
  prepay_id: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id?: string;
  success_time?: string;
};

export type FakeRefund = {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  reason?: string;
  notify_url?: string;
  amount: { refund: number; total: number };
  status: 'PROCESSING' | 'SUCCESS';
};

export type FakeRequest = { method: string; path: string; body: string; signatureValid: boolean };

/** A notification as WeChat Pay would send it: what a test posts (or changes first). */
export type FakeNotification = { headers: Record<string, string>; body: string };

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;

type Fault = { status: number; code: string; message: string };

const json = (s: string) => {
  try {
    return JSON.parse(s) as Record<string, unknown>;
  } catch {
    return null;
  }
};

export async function startFakeWechatPay(
  opts: { mchId?: string; appId?: string; mpAppId?: string; apiV3Key?: string; now?: () => number } = {},
) {
  const keys = fakeKeys();
  const mchId = opts.mchId ?? '1900000109';
  const appId = opts.appId ?? 'wxd678efh567hg6787';
  const mpAppId = opts.mpAppId ?? 'wxmp0000000000mp01';
  const apiV3Key = opts.apiV3Key ?? randomBytes(16).toString('hex');
  const now = opts.now ?? (() => Date.now());
  const orders = new Map<string, FakeOrder>();
  const refunds = new Map<string, FakeRefund>();
  const requests: FakeRequest[] = [];
  const oaCodes = new Map<string, string>();
  const mpCodes = new Map<string, string>();
  const faults: Fault[] = [];
  let tamperNext = false;
  let seq = 0;

  const fake = {
    mchId,
    appId,
    mpAppId,
    apiV3Key,
    keys,
    orders,
    refunds,
    requests,
    /** OA authorisation codes → the openid they give (each works once). */
    oaCodes,
    /** Mini-program `wx.login` codes → the openid they give (each works once). */
    mpCodes,
    /** The key WeChat Pay signs answers and notifications with. */
    signWith: 'public_key' as 'public_key' | 'platform_cert',
    url: '',
    /** The next API answer is this error instead. */
    failNext(status: number, code: string, message = code) {
      faults.push({ status, code, message });
    },
    /** Called with each API request before it is answered (a test's chance to change the fake's state). */
    beforeAnswer: undefined as ((method: string, path: string) => void) | undefined,
    /** The next API answer's body is changed after it was signed. */
    tamperNextResponse() {
      tamperNext = true;
    },
    /** The environment that points the app at this fake, in a key mode. */
    env(mode: 'public_key' | 'platform_cert' | 'both' = 'public_key'): Record<string, string> {
      return {
        WECHATPAY_MCH_ID: mchId,
        WECHATPAY_APP_ID: appId,
        WECHATPAY_APIV3_KEY: apiV3Key,
        WECHATPAY_MCH_SERIAL: keys.merchant.serial,
        WECHATPAY_MCH_PRIVATE_KEY: keys.merchant.privateKeyPem,
        WECHATPAY_BASE_URL: fake.url,
        WECHAT_API_BASE: fake.url,
        WECHAT_OA_APP_ID: appId,
        WECHAT_OA_APP_SECRET: 'oa-secret',
        WECHAT_MP_APP_ID: mpAppId,
        WECHAT_MP_APP_SECRET: 'mp-secret',
        ...(mode !== 'platform_cert'
          ? {
              WECHATPAY_PUBLIC_KEY_ID: keys.publicKeyMode.id,
              WECHATPAY_PUBLIC_KEY: keys.publicKeyMode.publicKeyPem,
            }
          : {}),
        ...(mode !== 'public_key' ? { WECHATPAY_PLATFORM_CERTS: keys.certMode.certPem } : {}),
      };
    },
    /** WeChat Pay's signature headers over a body, with the key of `signWith`. */
    sign(body: string, at = now()): Record<string, string> {
      const timestamp = String(Math.floor(at / 1000));
      const nonce = randomBytes(16).toString('hex');
      const [serial, key] =
        fake.signWith === 'public_key'
          ? [keys.publicKeyMode.id, keys.publicKeyMode.privateKey]
          : [keys.certMode.serial, keys.certMode.privateKey];
      return {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': serial,
        'wechatpay-signature': rsaSign(key, `${timestamp}\n${nonce}\n${body}\n`),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      };
    },
    /** The order paid (as the payer would), without a notification. */
    pay(orderNo: string) {
      const o = orders.get(orderNo);
      if (!o) throw new Error(`fake wechatpay: no order ${orderNo}`);
      Object.assign(o, {
        trade_state: 'SUCCESS',
        transaction_id: `4200${String(++seq).padStart(24, '0')}`,
        success_time: china(now()),
      });
      return o;
    },
    /** A signed, encrypted notification; `resource` fields override the transaction's. */
    notification(event: string, original: 'transaction' | 'refund', resource: object, at = now()) {
      const body = JSON.stringify({
        id: `EV-${randomBytes(8).toString('hex')}`,
        create_time: china(at),
        resource_type: 'encrypt-resource',
        event_type: event,
        summary: original === 'transaction' ? '支付成功' : '退款成功',
        resource: {
          original_type: original,
          ...encryptResource(apiV3Key, JSON.stringify(resource), original),
        },
      });
      return {
        headers: { 'content-type': 'application/json', ...fake.sign(body, at) },
        body,
      } as FakeNotification;
    },
    /** The payment notification of an order (paid first if it was not), as WeChat Pay would send it. */
    notifyPaid(orderNo: string, o: { at?: number; resource?: Record<string, unknown> } = {}) {
      const order = orders.get(orderNo)?.trade_state === 'SUCCESS' ? orders.get(orderNo)! : fake.pay(orderNo);
      return fake.notification('TRANSACTION.SUCCESS', 'transaction', { ...view(order), ...o.resource }, o.at);
    },
    /** The refund's success notification (the refund marked succeeded). */
    notifyRefunded(refundNo: string, o: { at?: number; resource?: Record<string, unknown> } = {}) {
      const r = refunds.get(refundNo);
      if (!r) throw new Error(`fake wechatpay: no refund ${refundNo}`);
      r.status = 'SUCCESS';
      const resource = {
        mchid: mchId,
        out_trade_no: r.out_trade_no,
        transaction_id: orders.get(r.out_trade_no)?.transaction_id,
        out_refund_no: r.out_refund_no,
        refund_id: r.refund_id,
        refund_status: 'SUCCESS',
        success_time: china(now()),
        amount: {
          total: r.amount.total,
          refund: r.amount.refund,
          payer_total: r.amount.total,
          payer_refund: r.amount.refund,
        },
        user_received_account: '支付用户零钱',
        ...o.resource,
      };
      return fake.notification('REFUND.SUCCESS', 'refund', resource, o.at);
    },
    /** Posts a notification to a URL; answers WeChat's view of the reply. */
    async send(url: string, n: FakeNotification) {
      const res = await fetch(url, { method: 'POST', headers: n.headers, body: n.body });
      const text = await res.text();
      return { status: res.status, body: text ? json(text) : null };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const view = (o: FakeOrder) => ({
    appid: o.appid,
    mchid: o.mchid,
    out_trade_no: o.out_trade_no,
    transaction_id: o.transaction_id ?? '',
    trade_type: o.trade_type,
    trade_state: o.trade_state,
    trade_state_desc: o.trade_state === 'SUCCESS' ? '支付成功' : o.trade_state,
    bank_type: 'OTHERS',
    success_time: o.success_time,
    payer: { openid: o.payer?.openid ?? 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: o.amount.total, payer_total: o.amount.total, currency: 'CNY', payer_currency: 'CNY' },
  });

  /** The merchant's Authorization, checked as WeChat Pay checks it. */
  const authorised = (req: IncomingMessage, body: string) => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])) as Record<
      string,
      string
    >;
    if (f.mchid !== mchId || f.serial_no !== keys.merchant.serial || !f.nonce_str || !f.timestamp)
      return false;
    if (Math.abs(now() / 1000 - Number(f.timestamp)) > 300) return false;
    const message = `${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
    return rsaVerify(keys.merchant.publicKey, message, f.signature ?? '');
  };

  const answer = (res: ServerResponse, status: number, data?: unknown) => {
    let body = data === undefined ? '' : JSON.stringify(data);
    const headers = { ...fake.sign(body), 'request-id': randomBytes(8).toString('hex') };
    if (tamperNext && body) {
      tamperNext = false;
      body = body.replace(/\d/, (d) => String((Number(d) + 1) % 10));
    }
    res.writeHead(status, { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) });
    res.end(body);
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    answer(res, status, { code, message });

  const createOrder = (res: ServerResponse, type: string, b: Record<string, unknown>) => {
    const amount = b.amount as { total?: unknown; currency?: unknown } | undefined;
    const payer = b.payer as { openid?: unknown } | undefined;
    const scene = b.scene_info as FakeOrder['scene_info'] | undefined;
    const types: Record<string, FakeOrder['trade_type']> = { jsapi: 'JSAPI', h5: 'MWEB', native: 'NATIVE' };
    const tradeType = types[type];
    if (!tradeType) return error(res, 404, 'NOT_FOUND', '无此接口');
    if (b.mchid !== mchId) return error(res, 400, 'MCH_NOT_EXISTS', '商户号不存在');
    if (b.appid !== appId && b.appid !== mpAppId)
      return error(res, 400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    const missing = ['description', 'out_trade_no', 'notify_url', 'time_expire'].find(
      (k) => typeof b[k] !== 'string',
    );
    if (missing) return error(res, 400, 'PARAM_ERROR', `缺少参数 ${missing}`);
    if (!Number.isInteger(amount?.total) || (amount!.total as number) <= 0 || amount!.currency !== 'CNY') {
      return error(res, 400, 'PARAM_ERROR', 'amount 有误');
    }
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(b.time_expire as string)) {
      return error(res, 400, 'PARAM_ERROR', 'time_expire 格式有误');
    }
    if (tradeType === 'JSAPI' && typeof payer?.openid !== 'string')
      return error(res, 400, 'PARAM_ERROR', '缺少 payer.openid');
    if (tradeType === 'MWEB' && (!scene?.payer_client_ip || scene.h5_info?.type !== 'Wap')) {
      return error(res, 400, 'PARAM_ERROR', '缺少 scene_info');
    }
    const no = b.out_trade_no as string;
    const existing = orders.get(no);
    if (existing?.trade_state === 'SUCCESS') return error(res, 400, 'ORDERPAID', '该订单已支付');
    if (existing?.trade_state === 'CLOSED') return error(res, 400, 'ORDER_CLOSED', '订单已关闭');
    if (existing && existing.amount.total !== amount!.total)
      return error(res, 400, 'INVALID_REQUEST', '201 商户订单号重复');
    const order: FakeOrder = existing ?? {
      ...(b as unknown as FakeOrder),
      trade_type: tradeType,
      prepay_id: `wx${randomBytes(14).toString('hex')}`,
      trade_state: 'NOTPAY',
    };
    orders.set(no, order);
    if (tradeType === 'JSAPI') return answer(res, 200, { prepay_id: order.prepay_id });
    if (tradeType === 'MWEB')
      return answer(res, 200, {
        h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${order.prepay_id}`,
      });
    return answer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${order.prepay_id.slice(2, 12)}` });
  };

  const refund = (res: ServerResponse, b: Record<string, unknown>) => {
    const amount = b.amount as { refund?: number; total?: number } | undefined;
    const o = orders.get(b.out_trade_no as string);
    if (!o) return error(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (o.trade_state !== 'SUCCESS' && o.trade_state !== 'REFUND')
      return error(res, 400, 'INVALID_REQUEST', '订单未支付');
    if (typeof b.out_refund_no !== 'string' || !amount || amount.total !== o.amount.total) {
      return error(res, 400, 'PARAM_ERROR', '退款参数有误');
    }
    if (!Number.isInteger(amount.refund) || amount.refund! <= 0 || amount.refund! > o.amount.total) {
      return error(res, 400, 'PARAM_ERROR', '退款金额有误');
    }
    const r = refunds.get(b.out_refund_no) ?? {
      out_refund_no: b.out_refund_no,
      out_trade_no: o.out_trade_no,
      refund_id: `5030${String(++seq).padStart(24, '0')}`,
      reason: b.reason as string | undefined,
      notify_url: b.notify_url as string | undefined,
      amount: { refund: amount.refund!, total: amount.total },
      status: 'PROCESSING' as const,
    };
    refunds.set(r.out_refund_no, r);
    o.trade_state = 'REFUND';
    return answer(res, 200, {
      refund_id: r.refund_id,
      out_refund_no: r.out_refund_no,
      transaction_id: o.transaction_id,
      out_trade_no: r.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: china(now()),
      status: r.status,
      amount: { total: r.amount.total, refund: r.amount.refund, currency: 'CNY' },
    });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname === '/sns/oauth2/access_token') return exchangeCode(res, url, oaCodes, appId, 'code');
      if (url.pathname === '/sns/jscode2session') return exchangeCode(res, url, mpCodes, mpAppId, 'js_code');
      const signatureValid = authorised(req, body);
      requests.push({ method: req.method ?? '', path: req.url ?? '', body, signatureValid });
      if (!signatureValid) return error(res, 401, 'SIGN_ERROR', '签名错误');
      fake.beforeAnswer?.(req.method ?? '', url.pathname);
      const fault = faults.shift();
      if (fault) return error(res, fault.status, fault.code, fault.message);
      const b = json(body) ?? {};
      const m = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/);
      if (req.method === 'POST' && url.pathname.startsWith('/v3/pay/transactions/') && !m) {
        return createOrder(res, url.pathname.slice('/v3/pay/transactions/'.length), b);
      }
      if (m) {
        const o = orders.get(decodeURIComponent(m[1]!));
        if (!o) return error(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
        if (req.method === 'GET' && !m[2]) {
          if (url.searchParams.get('mchid') !== mchId) return error(res, 400, 'PARAM_ERROR', 'mchid 有误');
          return answer(res, 200, view(o));
        }
        if (req.method === 'POST' && m[2]) {
          if (b.mchid !== mchId) return error(res, 400, 'PARAM_ERROR', 'mchid 有误');
          if (o.trade_state === 'SUCCESS' || o.trade_state === 'REFUND')
            return error(res, 400, 'ORDERPAID', '订单已支付');
          o.trade_state = 'CLOSED';
          return answer(res, 204);
        }
      }
      if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return refund(res, b);
      return error(res, 404, 'NOT_FOUND', '无此接口');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
