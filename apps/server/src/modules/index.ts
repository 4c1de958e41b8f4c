import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { OpenAiEmbedder } from '../platform/llm/embeddings.js';
import type { LlmProvider } from '../platform/llm/index.js';
import { OFFLINE_ONLY_NOTICE } from '../platform/llm/offline.js';
import { accountRoutes } from './account/account.routes.js';
import { AccountService } from './account/account.service.js';
import { EntitlementsService } from './account/entitlements.service.js';
import { SessionService } from './account/session.service.js';
import { SmsCodeService } from './account/sms-code.service.js';
import { AuditService } from './admin/audit.service.js';
import { botsRoutes } from './bots/bots.routes.js';
import { BotsService } from './bots/bots.service.js';
import { myBotsRoutes } from './bots/my-bots.routes.js';
import { MyBotsService } from './bots/my-bots.service.js';
import { botReviewRoutes } from './bots/review.routes.js';
import { BotReviewService } from './bots/review.service.js';
import { botPreviewRoutes } from './chat/bot-preview.routes.js';
import { BotPreviewService } from './chat/bot-preview.service.js';
import { chatRoutes } from './chat/chat.routes.js';
import { ChatService } from './chat/chat.service.js';
import { ReplyService } from './chat/reply.service.js';
import { TurnPipeline } from './chat/turn.js';
import { invitesRoutes } from './invites/invites.routes.js';
import { InvitesService } from './invites/invites.service.js';
import { BlocksService } from './community/blocks.service.js';
import { commentsRoutes } from './community/comments.routes.js';
import { CommentsService } from './community/comments.service.js';
import { communityAdminRoutes } from './community/community-admin.routes.js';
import { InteractionNotices } from './community/interactions.js';
import { ContentScreen } from './community/moderation.js';
import { moderationRoutes } from './community/moderation.routes.js';
import { ModerationService } from './community/moderation.service.js';
import { postsRoutes } from './community/posts.routes.js';
import { PostsService } from './community/posts.service.js';
import { snippetsRoutes } from './community/snippets.routes.js';
import { SnippetsService } from './community/snippets.service.js';
import { TopicsService } from './community/topics.service.js';
import { feedbackRoutes } from './feedback/feedback.routes.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { earningsRoutes } from './earnings/earnings.routes.js';
import { EarningsService } from './earnings/earnings.service.js';
import { withdrawalsAdminRoutes } from './earnings/withdrawals-admin.routes.js';
import { WithdrawalsService } from './earnings/withdrawals.service.js';
import { DocumentsService } from './knowledge/documents.service.js';
import { Ingestion } from './knowledge/ingestion.js';
import { DocumentReader } from './knowledge/text/document-reader.js';
import { knowledgeRoutes } from './knowledge/knowledge.routes.js';
import { KnowledgeService } from './knowledge/knowledge.service.js';
import { MediaService } from './media/media.service.js';
import { modelsRoutes } from './models/models.routes.js';
import { ModelsService } from './models/models.service.js';
import { redeemAdminRoutes, redeemRoutes } from './redeem/redeem.routes.js';
import { RedeemService } from './redeem/redeem.service.js';
import { noticesRoutes } from './notices/notices.routes.js';
import { NoticesService } from './notices/notices.service.js';
import { adminOrdersRoutes } from './payments/admin-orders.routes.js';
import { OrdersAdminService } from './payments/orders-admin.service.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { PaymentsService } from './payments/payments.service.js';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from './payments/provider.js';
import { SandboxProvider } from './payments/sandbox.js';
import { sandboxRoutes } from './payments/sandbox.routes.js';
import { Wechat } from './payments/wechatpay/wechat.js';
import { wechatRoutes } from './payments/wechatpay/wechatpay.routes.js';
import type { SettingsService } from './settings/settings.service.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { uploadsRoutes } from './uploads/uploads.routes.js';
import { UploadsService } from './uploads/uploads.service.js';
import { walletRoutes } from './wallet/wallet.routes.js';
import { VipService } from './wallet/vip.service.js';
import { WalletService } from './wallet/wallet.service.js';

import { DashboardService } from './admin/dashboard.service.js';
import { dashboardRoutes } from './admin/dashboard.routes.js';
import { auditRoutes } from './admin/audit.routes.js';
import { UsersAdminService } from './account/users-admin.service.js';
import { usersAdminRoutes } from './account/users-admin.routes.js';
import { CatalogueAdminService } from './bots/catalogue-admin.service.js';
import { catalogueAdminRoutes } from './bots/catalogue-admin.routes.js';
import { modelsAdminRoutes } from './models/models-admin.routes.js';
import { ModelsAdminService } from './models/models-admin.service.js';
import { ModelTestService } from './models/model-test.service.js';
import { settingsAdminRoutes } from './settings/settings-admin.routes.js';
import { SettingsAdminService } from './settings/settings-admin.service.js';
import { contentAdminRoutes } from './settings/content-admin.routes.js';
import { feedbackAdminRoutes } from './feedback/feedback-admin.routes.js';
import { FeedbackInboxService } from './feedback/feedback-inbox.service.js';
import { ContentAdminService } from './settings/content-admin.service.js';
import { jssdkRoutes } from './wechat/jssdk.routes.js';
import { JssdkService } from './wechat/jssdk.service.js';
/** Builds every module's service from the platform, and seeds what a fresh install needs. */
export async function createModules(ctx: AppContext, settings: SettingsService, llm: LlmProvider) {
  const wallet = new WalletService(ctx.db, ctx.clock);
  const entitlements = new EntitlementsService(ctx.clock, settings);
  const sessions = new SessionService(ctx);
  const media = new MediaService(ctx);
  const uploads = new UploadsService(ctx, media);
  const feedback = new FeedbackService(ctx);
  const codes = new SmsCodeService(ctx);
  const account = new AccountService(ctx, codes, sessions, wallet, settings, uploads, entitlements, feedback);
  const models = new ModelsService(ctx.db, ctx.config, ctx.clock);
  const bots = new BotsService(ctx.db, ctx.clock, { account, models, entitlements });
  const chat = new ChatService(ctx, bots);
  const audit = new AuditService(ctx, { account });
  const notices = new NoticesService(ctx.db, ctx.clock, audit, account);
  const embedding = ctx.config.embedding;
  const embedder = embedding
    ? new OpenAiEmbedder(embedding.model, { ...embedding, timeoutMs: ctx.config.llm.timeoutMs })
    : undefined;
  const knowledge = new KnowledgeService(ctx, { entitlements, uploads, embedder });
  const turns = new TurnPipeline(ctx, { wallet, models, entitlements, knowledge, llm });
  const replies = new ReplyService(ctx, { turns, bots, wallet });
  const documents = new DocumentsService(ctx, { knowledge, uploads, entitlements });
  const reader = new DocumentReader();
  new Ingestion(ctx, { uploads, reader, embedder }).register(ctx.jobs);
  const myBots = new MyBotsService(ctx, { bots, models, settings, uploads, knowledge, entitlements });
  // A deleted knowledge base leaves its owner's bots in the same transaction (knowledge does not know bots).
  knowledge.onBaseDeleted((tx, ownerId, baseId) => myBots.detachKnowledgeBase(tx, ownerId, baseId));
  const review = new BotReviewService(ctx, { bots, notices, audit });
  const preview = new BotPreviewService(ctx, { turns, myBots });
  const providers: PaymentProvider[] = [];
  const wechat = new Wechat(ctx);
  if (wechat.pay) providers.push(wechat.pay);
  if (ctx.config.paySandbox) providers.push(new SandboxProvider(ctx.secret, ctx.clock));
  const payments = new PaymentsService(ctx, {
    ...{ wallet, notices, settings, entitlements, audit, account, providers },
    oaOpenIdOf: (userId) => wechat.oaOpenIdOf(userId),
  });
  ctx.jobs.every({ name: 'orders.close', intervalMs: 60_000 }, () => payments.closeExpired());
  const invites = new InvitesService(ctx, { account, wallet, settings, notices });
  // A signup with an invite code rewards both in the registering transaction (account does not know invites).
  account.onRegistered((tx, user, r) => invites.onSignup(tx, user, r));
  // An invitee's fulfilled order earns the inviter a commission; its refund takes the commission back.
  payments.onFulfilled((tx, o) => invites.commissionFor(tx, o));
  payments.onRefunded((tx, o) => invites.reverseCommission(tx, o));
  const ordersAdmin = new OrdersAdminService(ctx, { account, invites });
  const redeem = new RedeemService(ctx, { account, wallet, settings, entitlements, notices, audit });
  const earnings = new EarningsService(ctx, { wallet, settings, chat, bots });
  earnings.register();
  const withdrawals = new WithdrawalsService(ctx, { wallet, settings, account, notices, audit });
  const vip = new VipService(ctx, { wallet, entitlements, settings, notices });
  vip.register(ctx.jobs);
  const screen = new ContentScreen(settings);
  const blocks = new BlocksService(ctx, { account });
  const topics = new TopicsService(ctx, { audit });
  const snippets = new SnippetsService(ctx, { chat, bots });
  // Interaction notices skip whoever blocked the actor (notices do not know blocks).
  const interactions = new InteractionNotices({ notices, blocks });
  const posts = new PostsService(ctx, { account, bots, uploads, screen, snippets, interactions });
  const comments = new CommentsService(ctx, {
    ...{ posts, account, screen, blocks, notices, interactions, audit },
  });
  const moderation = new ModerationService(ctx, { posts, notices, audit, settings, review });
  // The operator console's services (docs/admin.md).
  const dashboard = new DashboardService(ctx, {
    ...{ account, chat, wallet, payments, moderation, withdrawals },
  });
  dashboard.register(ctx.jobs);
  const usersAdmin = new UsersAdminService(ctx, { wallet, entitlements, payments, myBots, posts, audit });
  const catalogue = new CatalogueAdminService(ctx, { bots, models, audit });
  const settingsAdmin = new SettingsAdminService(ctx, { settings, audit });
  const contentAdmin = new ContentAdminService(ctx, { settings, audit });
  const feedbackInbox = new FeedbackInboxService(ctx, { account, notices, audit });
  // The console's models page counts the bots on each model (models do not know bots).
  const modelsAdmin = new ModelsAdminService(ctx, { models, audit, botUsage: () => bots.modelUsage() });
  const modelTests = new ModelTestService(ctx, { llm, audit });
  // The WeChat JS-SDK's config (docs/platforms.md, WeChat JS-SDK).
  const jssdk = new JssdkService(ctx);
  // Its request key pair is read (or made) at start, in the background; tests make theirs when first needed.
  if (ctx.config.env !== 'test') {
    jssdk.keys
      .get()
      .catch((err: unknown) => ctx.log.error({ err }, 'the JS-SDK request key cannot be loaded'));
  }

  await sessions.start();
  await account.start();
  await settings.start(ctx.listen);
  await bots.start(ctx.listen);
  await models.start(ctx.listen);
  await replies.start(ctx.listen);
  await wallet.start(ctx.listen, ctx.dbKind);
  await models.bootstrap();
  if (!ctx.config.llm.models.length) ctx.log.warn(OFFLINE_ONLY_NOTICE);
  await bots.bootstrap((await settings.publicSettings()).assistant_name);
  await chat.bootstrap();
  await topics.bootstrap();
  await knowledge.bootstrap();
  // Replies and previews of dead processes are settled, then leases are kept and swept.
  await turns.start();

  return {
    ...{ wallet, sessions, account, bots, models, chat, replies, feedback, settings, media, uploads },
    ...{ entitlements, audit, notices, myBots, review, preview, knowledge, documents, payments, wechat },
    ...{ invites, redeem, ordersAdmin },
    ...{ earnings, withdrawals },
    ...{ vip },
    ...{ blocks, topics, snippets, posts, comments, moderation },
    ...{ dashboard, usersAdmin, catalogue, settingsAdmin, modelsAdmin, modelTests },
    ...{ contentAdmin, feedbackInbox },
    ...{ jssdk },
    /** Stops the modules' background work (after the job queues, before the database closes). */
    stop: async () => {
      turns.stop();
      await reader.close();
    },
  };
}

export type Modules = Awaited<ReturnType<typeof createModules>>;

/** Every module's routes under /api/v1. */
export async function registerModuleRoutes(api: FastifyInstance, m: Modules) {
  await api.register(accountRoutes, { account: m.account });
  await api.register(settingsRoutes, { settings: m.settings });
  await api.register(feedbackRoutes, { feedback: m.feedback });
  await api.register(uploadsRoutes, { uploads: m.uploads });
  await api.register(walletRoutes, { wallet: m.wallet, vip: m.vip });
  await api.register(botsRoutes, { bots: m.bots });
  await api.register(modelsRoutes, { models: m.models, entitlements: m.entitlements });
  await api.register(chatRoutes, { chat: m.chat, replies: m.replies });
  await api.register(myBotsRoutes, { myBots: m.myBots });
  await api.register(botPreviewRoutes, { preview: m.preview });
  await api.register(botReviewRoutes, { review: m.review });
  await api.register(noticesRoutes, { notices: m.notices });
  await api.register(knowledgeRoutes, { knowledge: m.knowledge, documents: m.documents });
  await api.register(paymentsRoutes, { payments: m.payments });
  await api.register(sandboxRoutes, { payments: m.payments });
  await api.register(adminOrdersRoutes, { payments: m.payments, orders: m.ordersAdmin });
  // WeChat's notifications are WeChat Pay's: a payment they report must be of an order WeChat Pay took.
  const callbacks = {
    fulfil: (p: ProviderPayment) => m.payments.fulfil(p, 'wechatpay'),
    completeRefund: (r: ProviderRefund) => m.payments.completeRefund(r),
  };
  await api.register(wechatRoutes, { wechat: m.wechat, callbacks });
  await api.register(invitesRoutes, { invites: m.invites });
  await api.register(redeemRoutes, { redeem: m.redeem });
  await api.register(redeemAdminRoutes, { redeem: m.redeem });
  await api.register(earningsRoutes, { earnings: m.earnings, withdrawals: m.withdrawals });
  await api.register(withdrawalsAdminRoutes, { withdrawals: m.withdrawals });
  await api.register(snippetsRoutes, { snippets: m.snippets });
  await api.register(postsRoutes, { posts: m.posts, blocks: m.blocks });
  await api.register(commentsRoutes, { comments: m.comments });
  await api.register(moderationRoutes, { moderation: m.moderation, topics: m.topics });
  await api.register(communityAdminRoutes, { moderation: m.moderation, topics: m.topics });
  // The operator console (docs/admin.md).
  await api.register(dashboardRoutes, { dashboard: m.dashboard });
  await api.register(auditRoutes, { audit: m.audit });
  await api.register(usersAdminRoutes, { users: m.usersAdmin });
  await api.register(catalogueAdminRoutes, { catalogue: m.catalogue });
  await api.register(modelsAdminRoutes, { admin: m.modelsAdmin, tests: m.modelTests });
  await api.register(settingsAdminRoutes, { settingsAdmin: m.settingsAdmin });
  await api.register(contentAdminRoutes, { content: m.contentAdmin });
  await api.register(feedbackAdminRoutes, { inbox: m.feedbackInbox });
  await api.register(jssdkRoutes, { jssdk: m.jssdk });
}
