import {
  adminCatalogueBot,
  adminCategory,
  adminCategoryList,
  adminPage,
  catalogueBotQuery,
  categoryCreateBody,
  categoryIdParams,
  categoryOrderBody,
  categoryUpdateBody,
  envelope,
  featuredAddBody,
  featuredBotParams,
  featuredList,
  featuredOrderBody,
  featuredSlotParams,
  okData,
  systemBot,
  systemBotBody,
  systemBotList,
  botIdParams,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { presentCountedPage } from '../../platform/http/admin-page.js';
import { ok } from '../../platform/http/envelope.js';
import { presentAdminCategory, presentCatalogueBot, presentSystemBot } from './catalogue-admin.presenter.js';
import type { CatalogueAdminService } from './catalogue-admin.service.js';

/** The catalogue: categories, featured bots on home and discover, system bots (role admin; docs/admin.md). */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueAdminService }> = async (
  app,
  { catalogue },
) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  const categories = (list: Awaited<ReturnType<CatalogueAdminService['categories']>>) =>
    ok({ list: list.map(presentAdminCategory) });
  const slot = (list: Awaited<ReturnType<CatalogueAdminService['slot']>>) =>
    ok({ list: list.map(presentCatalogueBot) });

  app.get(
    '/admin/category',
    {
      config,
      schema: {
        tags,
        summary: '运营：全部分类（按排序，附智能体数）',
        response: { 200: envelope(adminCategoryList) },
      },
    },
    async () => categories(await catalogue.categories()),
  );

  app.post(
    '/admin/category',
    {
      config,
      schema: {
        tags,
        summary: '运营：新建分类（ID与名称不能重复）',
        body: categoryCreateBody,
        response: { 200: envelope(adminCategory) },
      },
    },
    async (req) => ok(presentAdminCategory(await catalogue.createCategory(userOf(req).id, req.body))),
  );

  app.put(
    '/admin/category/order',
    {
      config,
      schema: {
        tags,
        summary: '运营：调整分类顺序（须列出全部分类ID）',
        body: categoryOrderBody,
        response: { 200: envelope(adminCategoryList) },
      },
    },
    async (req) => categories(await catalogue.reorderCategories(userOf(req).id, req.body)),
  );

  app.put(
    '/admin/category/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：修改分类（名称、图标、排序）',
        params: categoryIdParams,
        body: categoryUpdateBody,
        response: { 200: envelope(adminCategory) },
      },
    },
    async (req) =>
      ok(presentAdminCategory(await catalogue.updateCategory(userOf(req).id, req.params.id, req.body))),
  );

  app.delete(
    '/admin/category/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：删除分类（分类下还有智能体时不能删除）',
        params: categoryIdParams,
        response: { 200: envelope(okData) },
      },
    },
    async (req) => {
      await catalogue.deleteCategory(userOf(req).id, req.params.id);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/admin/featured/:slot',
    {
      config,
      schema: {
        tags,
        summary: '运营：首页推荐（home）或发现页置顶（discover）的智能体，按展示顺序',
        params: featuredSlotParams,
        response: { 200: envelope(featuredList) },
      },
    },
    async (req) => slot(await catalogue.slot(req.params.slot)),
  );

  app.post(
    '/admin/featured/:slot',
    {
      config,
      schema: {
        tags,
        summary: '运营：添加到首页推荐或发现页置顶（排在最后，须为已上架的公开智能体）',
        params: featuredSlotParams,
        body: featuredAddBody,
        response: { 200: envelope(featuredList) },
      },
    },
    async (req) => slot(await catalogue.addToSlot(userOf(req).id, req.params.slot, req.body.bot_id)),
  );

  app.put(
    '/admin/featured/:slot/order',
    {
      config,
      schema: {
        tags,
        summary: '运营：调整首页推荐或发现页置顶的顺序（须列出全部智能体ID）',
        params: featuredSlotParams,
        body: featuredOrderBody,
        response: { 200: envelope(featuredList) },
      },
    },
    async (req) => slot(await catalogue.reorderSlot(userOf(req).id, req.params.slot, req.body.ids)),
  );

  app.delete(
    '/admin/featured/:slot/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：移出首页推荐或发现页置顶',
        params: featuredBotParams,
        response: { 200: envelope(featuredList) },
      },
    },
    async (req) => slot(await catalogue.removeFromSlot(userOf(req).id, req.params.slot, req.params.id)),
  );

  app.get(
    '/admin/catalogue/bot',
    {
      config,
      schema: {
        tags,
        summary: '运营：搜索已上架的智能体（名称或ID），用于添加推荐',
        querystring: catalogueBotQuery,
        response: { 200: envelope(adminPage(adminCatalogueBot)) },
      },
    },
    async (req) => ok(presentCountedPage(await catalogue.searchBots(req.query), presentCatalogueBot)),
  );

  app.get(
    '/admin/system-bot',
    {
      config,
      schema: {
        tags,
        summary: '运营：官方智能体（首页助手在前）',
        response: { 200: envelope(systemBotList) },
      },
    },
    async () => ok({ list: (await catalogue.systemBots()).map(presentSystemBot) }),
  );

  app.put(
    '/admin/system-bot/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：修改官方智能体（资料、角色设定、模型、是否首页推荐）',
        params: botIdParams,
        body: systemBotBody,
        response: { 200: envelope(systemBot) },
      },
    },
    async (req) =>
      ok(presentSystemBot(await catalogue.updateSystemBot(userOf(req).id, req.params.id, req.body))),
  );
};
