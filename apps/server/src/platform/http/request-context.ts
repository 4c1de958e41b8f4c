import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import { localeFromAcceptLanguage, type Locale } from '@lingxi/contract';
import type { FastifyInstance } from 'fastify';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The client's address as the server sees it (behind a trusted proxy: the forwarded one). */
    ip: string;
    /** The locale the client reads in, from `Accept-Language`, or null when it names none we support. */
    locale: Locale | null;
  }
}

/**
 * What a deep callee may need to know about the request it serves without every signature carrying it: the
 * client's address, which the operators' audit log records (docs/admin.md, Audit log), and the locale the client
 * reads in, which the data the platform owns is localised to (docs/i18n.md).
 */
export async function registerRequestContext(app: FastifyInstance) {
  await app.register(fastifyRequestContext, { hook: 'onRequest' });
  app.addHook('onRequest', async (req) => {
    requestContext.set('ip', req.ip);
    const header = req.headers['accept-language'];
    requestContext.set('locale', localeFromAcceptLanguage(Array.isArray(header) ? header[0] : header));
  });
}

/** The address of the request being served, or null outside one (a job, the command line, a test's direct call). */
export function requestIp(): string | null {
  return requestContext.get('ip') ?? null;
}

/**
 * The locale of the request being served (docs/i18n.md): what `Accept-Language` names, else zh-Hans, the language
 * the platform's data is written in. Outside a request (a job, a test's direct call) also zh-Hans.
 */
export function requestLocale(): Locale {
  return requestContext.get('locale') ?? 'zh-Hans';
}
