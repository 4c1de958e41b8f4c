import { BOT_AND_CHAT_ROWS } from './rows-bots-chat.js';
import { COMMUNITY_AND_MONEY_ROWS } from './rows-community-money.js';
import { KNOWLEDGE_AND_UPLOAD_ROWS } from './rows-knowledge-uploads.js';
import type { World } from './world.js';

/**
 * The access matrix (docs/access-matrix.md): each row is one request a stranger (another logged-in user) makes
 * against the owner's resource, and the refusal the module defines for it. The same request is then made with
 * no token at all: refused as not logged in (20003) unless `anonymous` says what the module answers a reader
 * who may browse without logging in. No response to either may contain the owner's secret text, and every
 * resource reads the same to its owner afterwards.
 *
 * `route` is the route as the API describes it (`GET /api/v1/bot/{id}`); a route may have several rows (the
 * same call with another's resource in different places).
 */
export type Row = {
  route: string;
  /** What the stranger tries, in words (the test's name). */
  attempt: string;
  path: (w: World) => string;
  body?: (w: World) => unknown;
  headers?: (w: World) => Record<string, string>;
  /**
   * What the stranger gets: the module's refusal, code and message; or `accepted` where the module lets the
   * call through as the stranger's own and ignores the owner's resource named in it (the answer still may not
   * carry the owner's secret); or an HTTP status, for routes outside /api.
   */
  stranger: [code: number, msg: string] | 'accepted' | { status: number };
  /** What no one logged in gets: an envelope code (default 20003, not logged in) or an HTTP status. */
  anonymous?: number | { status: number };
};

export const MATRIX: Row[] = [
  ...BOT_AND_CHAT_ROWS,
  ...KNOWLEDGE_AND_UPLOAD_ROWS,
  ...COMMUNITY_AND_MONEY_ROWS,
];
