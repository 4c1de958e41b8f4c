import type { FastifyPluginAsync } from 'fastify';
import { AVATAR_KINDS, type AvatarKind, isAvatarSeed, renderAvatar } from '../../platform/avatars.js';

/** Generated images served by the app. Deterministic per URL, so they are cached for a year. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { kind: string; file: string } }>(
    '/media/avatars/:kind/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const { kind, file } = req.params;
      const seed = file.endsWith('.svg') ? file.slice(0, -4) : '';
      if (!AVATAR_KINDS.includes(kind as AvatarKind) || !isAvatarSeed(seed)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      }
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(renderAvatar(kind as AvatarKind, seed));
    },
  );
};
