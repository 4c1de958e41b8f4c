import {
  adjustChipsBody,
  adjustedChips,
  adjustedVip,
  adjustKeyHeaders,
  adjustVipBody,
  adminUserDetail,
  adminUserIdParams,
  adminUserPage,
  adminUserQuery,
  adminUserRow,
  disableUserBody,
  enableUserBody,
  envelope,
  setRoleBody,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentCountedPage } from '../../platform/http/admin-page.js';
import { userOf } from '../../platform/http/auth.js';
import { sendCsv } from '../../platform/http/csv.js';
import { ok } from '../../platform/http/envelope.js';
import {
  presentAdjustedVip,
  presentAdminUser,
  presentAdminUserDetail,
  userCsvRows,
} from './users-admin.presenter.js';
import type { UsersAdminService } from './users-admin.service.js';

/** Operators' user desk: search, detail, disable, chips, VIP, the operator role (role admin; docs/admin.md). */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ users: UsersAdminService }> = async (
  app,
  { users },
) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  const one = { 200: envelope(adminUserRow) };
  const params = adminUserIdParams;

  app.get(
    '/admin/user',
    {
      config,
      schema: {
        tags,
        summary: '运营：用户列表（按手机号、昵称或ID搜索，按状态、角色、会员筛选）',
        querystring: adminUserQuery,
        response: { 200: envelope(adminUserPage) },
      },
    },
    async (req) => ok(presentCountedPage(await users.list(req.query), presentAdminUser)),
  );

  app.get(
    '/admin/user/export.csv',
    {
      config,
      schema: { tags, summary: '运营：导出用户列表（CSV，与列表相同的筛选）', querystring: adminUserQuery },
    },
    async (req, reply) => sendCsv(reply, 'users.csv', userCsvRows(await users.exportRows(req.query))),
  );

  app.get(
    '/admin/user/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：用户详情（资料、钱包、订单、智能体、帖子、登录与芯片记录）',
        params,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (req) => ok(presentAdminUserDetail(await users.detail(req.params.id))),
  );

  app.post(
    '/admin/user/:id/disable',
    {
      config,
      schema: {
        tags,
        summary: '运营：禁用用户（其登录立即失效，需填写原因）',
        params,
        body: disableUserBody,
        response: one,
      },
    },
    async (req) => ok(presentAdminUser(await users.disable(userOf(req), req.params.id, req.body.reason))),
  );

  app.post(
    '/admin/user/:id/enable',
    {
      config,
      schema: { tags, summary: '运营：启用被禁用的用户', params, body: enableUserBody, response: one },
    },
    async (req) => ok(presentAdminUser(await users.enable(userOf(req), req.params.id, req.body.reason))),
  );

  app.post(
    '/admin/user/:id/chips',
    {
      config,
      schema: {
        tags,
        summary: '运营：调整芯片（正数增加、负数扣减；同一幂等键只生效一次）',
        params,
        headers: adjustKeyHeaders,
        body: adjustChipsBody,
        response: { 200: envelope(adjustedChips) },
      },
    },
    async (req) => {
      const { delta, reason, idempotency_key } = req.body;
      const key = req.headers['idempotency-key'] ?? idempotency_key;
      return ok(await users.adjustChips(userOf(req), req.params.id, { delta, reason, key }));
    },
  );

  app.post(
    '/admin/user/:id/vip',
    {
      config,
      schema: {
        tags,
        summary: '运营：调整会员天数（正数延长、负数缩短，最早到当前时间）',
        params,
        body: adjustVipBody,
        response: { 200: envelope(adjustedVip) },
      },
    },
    async (req) => ok(presentAdjustedVip(await users.adjustVip(userOf(req), req.params.id, req.body))),
  );

  app.post(
    '/admin/user/:id/role',
    {
      config,
      schema: {
        tags,
        summary: '运营：设为运营或取消运营（不能取消自己的）',
        params,
        body: setRoleBody,
        response: one,
      },
    },
    async (req) => ok(presentAdminUser(await users.setRole(userOf(req), req.params.id, req.body.role))),
  );
};
