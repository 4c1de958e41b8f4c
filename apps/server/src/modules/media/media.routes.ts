import { ErrorCode, ErrorMessage } from '@lingxi/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fail } from '../../platform/http/envelope.js';
import { AVATAR_KINDS, type AvatarKind, isAvatarSeed, renderAvatar } from '../../platform/avatars.js';
import type { MediaService } from './media.service.js';

/** Every URL here names content that never changes (keys are random, variants derive from them). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A refusal is the envelope, as everywhere (docs/product.md, Client contract); 404 keeps caches and CDNs off it. */
export const mediaNotFound = (reply: FastifyReply) =>
  reply
    .status(404)
    .type('application/json; charset=utf-8')
    .send(fail(ErrorCode.NOT_FOUND, ErrorMessage.NOT_FOUND));

/**
 * Images served by the app, under `cdn_base`: generated avatars, and uploaded public images at
 * `/media/u/{id}.{ext}` with an optional width suffix `@w{width}` (snapped to IMAGE_WIDTHS), in WebP when the
 * request's Accept takes it. Cross-origin embedding is allowed, since a CDN address is another origin.
 */
export const mediaRoutes: FastifyPluginAsync<{ media: MediaService }> = async (app, { media }) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });

  app.get<{ Params: { kind: string; file: string } }>(
    '/media/avatars/:kind/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const { kind, file } = req.params;
      const seed = file.endsWith('.svg') ? file.slice(0, -4) : '';
      if (!AVATAR_KINDS.includes(kind as AvatarKind) || !isAvatarSeed(seed)) return mediaNotFound(reply);
      return reply
        .type('image/svg+xml')
        .header('cache-control', IMMUTABLE)
        .send(renderAvatar(kind as AvatarKind, seed));
    },
  );

  app.get<{ Params: { file: string } }>('/media/u/:file', { schema: { hide: true } }, async (req, reply) => {
    const acceptsWebp = /\bimage\/webp\b/.test(req.headers.accept ?? '');
    const image = await media.uploadedImage(req.params.file, acceptsWebp);
    if (!image) return mediaNotFound(reply);
    if (image.variesByAccept) reply.header('vary', 'accept');
    return reply
      .type(image.contentType)
      .header('content-length', image.contentLength)
      .header('cache-control', IMMUTABLE)
      .send(image.body);
  });
};
