import {
  envelope,
  miniProgramPayBody,
  miniProgramPayParams,
  oaOpenId,
  oaOpenIdQuery,
  orderNoParams,
} from '@lingxi/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../platform/errors.js';
import { ok } from '../../../platform/http/envelope.js';
import { userOf } from '../../../platform/http/auth.js';
import { NotifyRefused, type WechatPayNotifications } from './notify.js';
import type { PaymentCallbacks, Wechat } from './wechat.js';

/** WeChat's answer format, not the app's envelope: 2xx is "received", anything else makes WeChat retry. */
const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type('application/json; charset=utf-8').send({ code: 'FAIL', message });

/**
 * `POST /pay/wechat/notify` and `/pay/wechat/refund-notify` (docs/money.md, WeChat Pay). Their own scope: the
 * body is kept as the raw bytes WeChat signed, and every error answers in WeChat's format.
 */
async function notifyRoutes(
  scope: FastifyInstance,
  { notifications, callbacks }: { notifications?: WechatPayNotifications; callbacks: PaymentCallbacks },
) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  scope.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof NotifyRefused) {
      req.log.warn({ reason: err.message }, 'wechat pay notification refused');
      return fail(reply, 401, err.message);
    }
    if (err instanceof AppError || (err.statusCode && err.statusCode < 500)) {
      return fail(reply, 400, err.message);
    }
    req.log.error({ err }, 'wechat pay notification failed');
    return fail(reply, 500, '处理失败，请稍后重试');
  });

  /**
   * `verify` checks and decrypts the notification (NotifyRefused → 4xx, nothing done) and answers the work to
   * do with it; 200 only once that work has returned.
   */
  const handle =
    (verify: (n: WechatPayNotifications, req: FastifyRequest, raw: Buffer) => () => Promise<unknown>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      if (!notifications) return fail(reply, 404, '未配置微信支付');
      const work = verify(notifications, req, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      try {
        await work();
      } catch (err) {
        // Not committed: WeChat retries (for about 24 h), and the retry finds what the first one left.
        req.log[err instanceof AppError ? 'warn' : 'error']({ err }, 'wechat pay notification not processed');
        return fail(reply, 500, err instanceof AppError ? err.message : '处理失败，请稍后重试');
      }
      return reply.code(200).send({ code: 'SUCCESS', message: '成功' });
    };

  const payment = handle((n, req, raw) => {
    const paid = n.payment(req.headers, raw);
    // Only a success is notified; anything else has nothing to fulfil.
    return async () => (paid.state === 'paid' ? callbacks.fulfil(paid) : undefined);
  });
  const refund = handle((n, req, raw) => {
    const r = n.refund(req.headers, raw);
    return () => callbacks.completeRefund(r);
  });

  scope.post('/pay/wechat/notify', { schema: { tags: ['payments'], summary: '微信支付结果通知' } }, payment);
  scope.post(
    '/pay/wechat/refund-notify',
    { schema: { tags: ['payments'], summary: '微信退款结果通知' } },
    refund,
  );
}

/**
 * WeChat's routes: the two notifications, the OA openid (`GET /wechat/oa/openid`) and the host mini-program's
 * payment of an order (`POST /order/{order_no}/miniprogram-pay`).
 */
export const wechatRoutes: FastifyPluginAsyncZod<{ wechat: Wechat; callbacks: PaymentCallbacks }> = async (
  app,
  { wechat, callbacks },
) => {
  await app.register(notifyRoutes, { notifications: wechat.notifications, callbacks });

  app.get(
    '/wechat/oa/openid',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['payments'],
        summary: '微信公众号网页授权：以 code 换取并绑定 openid',
        querystring: oaOpenIdQuery,
        response: { 200: envelope(oaOpenId) },
      },
    },
    async (req) => ok({ openid: await wechat.auth.bindOaOpenId(userOf(req).id, req.query.code) }),
  );

  app.post(
    '/order/:order_no/miniprogram-pay',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['payments'],
        summary: '小程序支付页：以 wx.login 的 code 取得订单的 wx.requestPayment 参数',
        params: orderNoParams,
        body: miniProgramPayBody,
        response: { 200: envelope(miniProgramPayParams) },
      },
    },
    async (req) => ok(await wechat.miniProgramPay(userOf(req), req.params.order_no, req.body.code)),
  );
};
