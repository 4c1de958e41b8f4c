import { botPreviewBody } from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { openSse } from '../../platform/http/sse.js';
import type { BotPreviewService } from './bot-preview.service.js';

export const botPreviewRoutes: FastifyPluginAsyncZod<{ preview: BotPreviewService }> = async (
  app,
  { preview },
) => {
  app.post(
    '/bot/preview',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['my bots'],
        summary: '预览：用未保存的设置回复（流式，按模型价格扣芯片，不保存消息）',
        description:
          '成功时以 text/event-stream 返回事件 start、delta…、done 或 error；请求被拒绝时返回普通 JSON 信封。',
        body: botPreviewBody,
      },
    },
    async (req, reply) => {
      const prepared = await preview.prepare({ user: userOf(req), ...req.body });
      await preview.stream(prepared, openSse(reply));
      return reply;
    },
  );
};
