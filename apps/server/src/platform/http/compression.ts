import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** What is worth compressing: text, JSON, JavaScript, SVG; never an event stream. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?json\b|application\/javascript\b|image\/svg\+xml\b)/;

/**
 * Text the server writes itself (JSON envelopes, CSV downloads, SVG avatars) compressed by Accept-Encoding, br
 * before gzip, above 1 KB (docs/performance.md, Serving the web app). Never an event stream: openSse hijacks its
 * reply, so no hook of this plugin sees it, and the type is refused as well in case a stream is ever sent
 * through the reply. Never images already compressed (JPEG, PNG, WebP), nor a request body: the app sends
 * none compressed, and inflating one would only open a way round the body limit.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSIBLE,
  });
  // A cache must keep one copy per encoding of anything that may be compressed, small or not, and of the web
  // app's files, which the static plugin sends from the build's .br and .gz copies (web-static.ts).
  app.addHook('onSend', async (_req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && COMPRESSIBLE.test(type)) varyOnEncoding(reply);
    return payload;
  });
}

function varyOnEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current : current === undefined ? [] : [String(current)])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}
