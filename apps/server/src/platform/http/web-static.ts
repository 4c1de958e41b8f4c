import type { FastifyStaticOptions, SetHeadersResponse } from '@fastify/static';

/** Hashed build output: the name changes with the content, so it is kept for a year and never asked again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages name the hashed files of the current build: a browser checks them on every visit. */
export const REVALIDATE = 'no-cache';
/** Anything else in the build's root (the favicon): an hour, then checked. */
const SHORT = 'public, max-age=3600';

/** By the file asked for: `path` is the copy sent, `index.html.br` for `index.html` asked in br. */
function cacheHeaders(res: SetHeadersResponse, path: string) {
  const file = path.replace(/\\/g, '/').replace(/\.(?:br|gz)$/, '');
  if (file.endsWith('.html')) res.setHeader('cache-control', REVALIDATE);
  else if (file.includes('/assets/')) res.setHeader('cache-control', IMMUTABLE);
  else res.setHeader('cache-control', SHORT);
}

/**
 * The built web app's files (docs/performance.md, Serving the web app): the `.br` or `.gz` the build made when the
 * browser accepts it, the file itself otherwise (`Vary: Accept-Encoding` comes from compression.ts); hashed assets
 * immutable, pages revalidated. Only the files the build wrote are routes (no wildcard): any other path, `..` or
 * not, goes to the not-found handler.
 */
export function webStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The compressed copies are found beside their file, never served as files of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: cacheHeaders,
  };
}
