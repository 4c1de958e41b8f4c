import { envelope, ErrorCode, ErrorMessage, orderNoParams, sandboxPayment } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import { userOf } from '../../platform/http/auth.js';
import { fail, ok } from '../../platform/http/envelope.js';
import { presentSandboxPayment } from './payments.presenter.js';
import type { PaymentsService } from './payments.service.js';
import { NotificationRefused } from './sandbox.js';

/** The sandbox's confirm page and its notification (docs/money.md, Orders and payments). */
export const sandboxRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const tags = ['payments'];

  app.get(
    '/pay/sandbox/:order_no',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '沙箱支付：待确认的订单（测试支付，不产生真实扣款）',
        params: orderNoParams,
        response: { 200: envelope(sandboxPayment) },
      },
    },
    async (req) => ok(presentSandboxPayment(await payments.sandboxOrder(userOf(req), req.params.order_no))),
  );

  app.post(
    '/pay/sandbox/:order_no/confirm',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '沙箱支付：确认支付（测试支付，不产生真实扣款）',
        params: orderNoParams,
        response: { 200: envelope(sandboxPayment) },
      },
    },
    async (req) => ok(presentSandboxPayment(await payments.sandboxConfirm(userOf(req), req.params.order_no))),
  );

  // The notification: its raw bytes are verified before anything is parsed, so this route reads them raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post('/pay/sandbox/notify', { schema: { hide: true } }, async (req, reply) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        // 200 only once fulfilment has committed: anything else makes the sender try again.
        return ok(await payments.sandboxNotify(body, req.headers));
      } catch (err) {
        if (err instanceof NotificationRefused) {
          req.log.warn({ reason: err.message }, 'sandbox notification refused');
          return reply.status(401).send(fail(ErrorCode.FORBIDDEN, '通知签名无效'));
        }
        if (err instanceof AppError) return reply.status(400).send(fail(err.code, err.message));
        req.log.error({ err }, 'sandbox notification failed');
        return reply.status(500).send(fail(ErrorCode.INTERNAL, ErrorMessage.INTERNAL));
      }
    });
  });
};
