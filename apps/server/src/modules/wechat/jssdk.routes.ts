import { envelope, JSSDK_SIGN_HEADER, jssdkConfig, jssdkConfigQuery, jssdkSignKey } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import type { JssdkService } from './jssdk.service.js';

/** The WeChat JS-SDK's config and the web app's signing key (docs/platforms.md, WeChat JS-SDK). Public routes. */
export const jssdkRoutes: FastifyPluginAsyncZod<{ jssdk: JssdkService }> = async (app, { jssdk }) => {
  const tags = ['wechat'];

  app.get(
    '/sys/settings/wechat/jssdk/config',
    {
      schema: {
        tags,
        summary: '微信 JS-SDK 配置',
        querystring: jssdkConfigQuery,
        response: { 200: envelope(jssdkConfig) },
      },
    },
    async (req) => {
      const raw = req.headers[JSSDK_SIGN_HEADER];
      const sign = Array.isArray(raw) ? raw[0] : raw;
      return ok(await jssdk.config(req.ip, req.query, sign));
    },
  );

  app.get(
    '/sys/settings/wechat/jssdk/key',
    { schema: { tags, summary: '微信 JS-SDK 请求签名密钥', response: { 200: envelope(jssdkSignKey) } } },
    async (req) => ok(await jssdk.signKey(req.ip)),
  );
};
