import {
  avatarList,
  avatarParams,
  deleteUserBody,
  envelope,
  loginBody,
  loginCodeData,
  loginCodeParams,
  loginData,
  okData,
  updateUserBody,
  userInfo,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presetAvatars } from '../../platform/avatars.js';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentCodeSent, presentLogin, presentUser } from './account.presenter.js';
import type { AccountService } from './account.service.js';

const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});

const genderOf = { '0': 0, '1': 1, '2': 2, unknown: 0, male: 1, female: 2 } as const;

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const tags = ['account'];

  app.post(
    '/login/code/:phone',
    {
      schema: {
        tags,
        summary: '获取登录验证码',
        params: loginCodeParams,
        response: { 200: envelope(loginCodeData) },
      },
    },
    async (req) => ok(presentCodeSent(await account.sendLoginCode(req.params.phone, meta(req)))),
  );

  app.post(
    '/phone/login',
    {
      schema: { tags, summary: '手机号验证码登录', body: loginBody, response: { 200: envelope(loginData) } },
    },
    async (req) => {
      const { phone, code, invite_code: inviteCode } = req.body;
      return ok(presentLogin(await account.login({ phone, code, inviteCode }, meta(req))));
    },
  );

  app.get(
    '/user',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '个人资料', response: { 200: envelope(userInfo) } },
    },
    async (req) => ok(presentUser(await account.profile(userOf(req).id))),
  );

  app.put(
    '/user',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '修改个人资料', body: updateUserBody, response: { 200: envelope(userInfo) } },
    },
    async (req) => ok(presentUser(await account.update(userOf(req).id, req.body))),
  );

  app.post(
    '/logout',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '退出登录', response: { 200: envelope(okData) } },
    },
    async (req) => {
      await account.logout(userOf(req).sessionId);
      return ok({ ok: true as const });
    },
  );

  app.post(
    '/user/deletion/code',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '注销账号：发送验证码到本人手机', response: { 200: envelope(loginCodeData) } },
    },
    async (req) => ok(presentCodeSent(await account.sendDeletionCode(userOf(req).id, meta(req)))),
  );

  app.delete(
    '/user',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '注销账号', body: deleteUserBody, response: { 200: envelope(okData) } },
    },
    async (req) => {
      await account.deleteAccount(userOf(req).id, req.body.code);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/avatar/:gender',
    { schema: { tags, summary: '预设头像', params: avatarParams, response: { 200: envelope(avatarList) } } },
    async (req) => ok({ list: presetAvatars(genderOf[req.params.gender]) }),
  );
};
