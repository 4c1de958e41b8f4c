import {
  chatMessage,
  conversation,
  conversationIdParams,
  conversationListQuery,
  createConversationBody,
  envelope,
  messageIdParams,
  messageListQuery,
  okData,
  page,
  rateMessageBody,
  sendMessageBody,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { openSse } from '../../platform/http/sse.js';
import { presentConversation, presentMessage } from './chat.presenter.js';
import type { ChatService } from './chat.service.js';
import type { ReplyService } from './reply.service.js';

type Deps = { chat: ChatService; replies: ReplyService };

const SSE_NOTE =
  '成功时以 text/event-stream 返回事件 start、delta…、done 或 error；请求被拒绝时返回普通 JSON 信封。';

export const chatRoutes: FastifyPluginAsyncZod<Deps> = async (app, { chat, replies }) => {
  const tags = ['chat'];
  const auth = { auth: 'required' as const };

  app.get(
    '/conversation',
    {
      config: auth,
      schema: {
        tags,
        summary: '我的对话',
        querystring: conversationListQuery,
        response: { 200: envelope(page(conversation)) },
      },
    },
    async (req) => {
      const page = await chat.list(userOf(req).id, { ...req.query, botId: req.query.bot_id });
      return ok(presentPage(page, presentConversation));
    },
  );

  app.post(
    '/conversation',
    {
      config: auth,
      schema: {
        tags,
        summary: '新建对话',
        body: createConversationBody,
        response: { 200: envelope(conversation) },
      },
    },
    async (req) => ok(presentConversation(await chat.create(userOf(req).id, req.body.bot_id))),
  );

  app.get(
    '/conversation/:id',
    {
      config: auth,
      schema: {
        tags,
        summary: '对话详情',
        params: conversationIdParams,
        response: { 200: envelope(conversation) },
      },
    },
    async (req) => ok(presentConversation(await chat.detail(userOf(req).id, req.params.id))),
  );

  app.delete(
    '/conversation/:id',
    {
      config: auth,
      schema: {
        tags,
        summary: '删除对话',
        params: conversationIdParams,
        response: { 200: envelope(okData) },
      },
    },
    async (req) => {
      await chat.remove(userOf(req).id, req.params.id);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/conversation/:id/message',
    {
      config: auth,
      schema: {
        tags,
        summary: '对话消息（从新到旧分页）',
        params: conversationIdParams,
        querystring: messageListQuery,
        response: { 200: envelope(page(chatMessage)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(
        presentPage(await chat.messages(userOf(req).id, req.params.id, cursor, limit), presentMessage),
      );
    },
  );

  app.post(
    '/conversation/:id/message',
    {
      config: auth,
      schema: {
        tags,
        summary: '发送消息（流式回复）',
        description: SSE_NOTE,
        params: conversationIdParams,
        body: sendMessageBody,
      },
    },
    async (req, reply) => {
      const prepared = await replies.prepare({
        user: userOf(req),
        conversationId: req.params.id,
        content: req.body.content,
        modelId: req.body.model_id,
      });
      await replies.stream(prepared, openSse(reply));
      return reply;
    },
  );

  app.post(
    '/conversation/:id/regenerate',
    {
      config: auth,
      schema: {
        tags,
        summary: '重新生成最后一条回复（流式）',
        description: SSE_NOTE,
        params: conversationIdParams,
        body: sendMessageBody.pick({ model_id: true }).optional(),
      },
    },
    async (req, reply) => {
      const prepared = await replies.prepare({
        user: userOf(req),
        conversationId: req.params.id,
        modelId: req.body?.model_id,
      });
      await replies.stream(prepared, openSse(reply));
      return reply;
    },
  );

  app.put(
    '/message/:id/rating',
    {
      config: auth,
      schema: {
        tags,
        summary: '评价回复',
        params: messageIdParams,
        body: rateMessageBody,
        response: { 200: envelope(chatMessage) },
      },
    },
    async (req) => ok(presentMessage(await chat.rate(userOf(req).id, req.params.id, req.body.rating))),
  );
};
