import { chipRecord, cursorQuery, envelope, page, walletInfo } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import type { VipService } from './vip.service.js';
import { presentChipRecord, presentWalletInfo } from './wallet.presenter.js';
import type { WalletService } from './wallet.service.js';

type Deps = { wallet: WalletService; vip: VipService };

export const walletRoutes: FastifyPluginAsyncZod<Deps> = async (app, { wallet, vip }) => {
  app.get(
    '/wallet',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: '我的钱包：芯片、收益与会员',
        response: { 200: envelope(walletInfo) },
      },
    },
    async (req) => ok(presentWalletInfo(await vip.summary(userOf(req)))),
  );

  app.get(
    '/chip/record',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['wallet'],
        summary: '芯片明细',
        querystring: cursorQuery,
        response: { 200: envelope(page(chipRecord)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(presentPage(await wallet.records(userOf(req).id, cursor, limit), presentChipRecord));
    },
  );
};
