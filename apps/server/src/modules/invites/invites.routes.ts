import { cursorQuery, envelope, inviteReward, inviteRewardCount, page } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { presentInviteCount, presentInviteReward } from './invites.presenter.js';
import type { InvitesService } from './invites.service.js';

export const invitesRoutes: FastifyPluginAsyncZod<{ invites: InvitesService }> = async (app, { invites }) => {
  app.get(
    '/invite/reward',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['invites'],
        summary: '我的邀请奖励记录（新的在前）',
        querystring: cursorQuery,
        response: { 200: envelope(page(inviteReward)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(presentPage(await invites.rewards(userOf(req).id, cursor, limit), presentInviteReward));
    },
  );

  app.get(
    '/invite/reward/count',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['invites'],
        summary: '我的邀请统计与规则',
        response: { 200: envelope(inviteRewardCount) },
      },
    },
    async (req) => ok(presentInviteCount(await invites.counts(userOf(req).id))),
  );
};
