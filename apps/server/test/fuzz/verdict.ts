import type { Kind } from './operations.js';
import type { RawResponse } from './raw-http.js';

/**
 * Statuses an envelope may carry: 200 for every handled error (docs/product.md, Client contract), 404 for an
 * API path no route takes, and what the connection-level answers keep (400, 408, 413, 431).
 */
const ENVELOPE_STATUSES = new Set([200, 400, 404, 408, 413, 431]);

/** What each kind of route may answer besides an envelope, when it succeeds. */
const OTHER: Partial<Record<Kind, RegExp>> = {
  sse: /^text\/event-stream/,
  csv: /^text\/csv/,
  file: /./,
  media: /^image\//,
};

const isJson = (type: string) => /^application\/json\b/i.test(type);

function parse(res: RawResponse): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The envelope's code, when the answer is one (for the per-route counts), else undefined. */
export function codeOf(res: RawResponse): number | undefined {
  if (!isJson(res.headers['content-type'] ?? '')) return undefined;
  const v = parse(res) as { code?: unknown } | undefined;
  return typeof v?.code === 'number' ? v.code : undefined;
}

/**
 * Why an answer breaks the client contract, or null when it keeps it: no 5xx, ever; JSON routes answer an
 * envelope `{ code, msg, data }`; the others (streams, CSV, files, media) answer their own type only with a
 * success and refuse with an envelope; WeChat's notifications answer WeChat's `{ code, message }` (or, to a
 * method they do not take, the 404 envelope).
 */
export function problemOf(kind: Kind, res: RawResponse): string | null {
  const type = res.headers['content-type'] ?? '';
  if (res.status >= 500) return `HTTP ${res.status}`;
  if (isJson(type)) {
    const v = parse(res) as Record<string, unknown> | undefined;
    if (v === undefined) return 'a JSON content type over a body that is no JSON';
    // WeChat's own format from its routes; another method on their paths is the app's 404 envelope.
    if (kind === 'wechat-notify' && typeof v?.code === 'string') {
      return typeof v.message === 'string' ? null : "not WeChat's { code, message }";
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'JSON that is no envelope';
    if (typeof v.code !== 'number' || typeof v.msg !== 'string' || !('data' in v))
      return 'JSON that is no envelope';
    if (v.code !== 0 && !v.msg) return 'a refusal without a message';
    if (!ENVELOPE_STATUSES.has(res.status)) return `an envelope with HTTP ${res.status}`;
    if (v.code === 0 && res.status !== 200) return `a success with HTTP ${res.status}`;
    return null;
  }
  const other = OTHER[kind];
  if (other && other.test(type) && res.status >= 200 && res.status < 300) return null;
  return `HTTP ${res.status} ${type || '(no content type)'} instead of an envelope`;
}
