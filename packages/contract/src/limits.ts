/*
 * Limits, lists and text helpers the web app's pages read, apart from the schemas that use them (chat.ts,
 * community.ts, bots.ts) and free of zod: a contract module with schemas at its top level brings zod into the
 * page that imports it, as images.ts explains (docs/performance.md).
 */

/* ---------- Chat (docs/chat.md) ---------- */

export const MESSAGE_MAX = 4000;

/* ---------- Bots ---------- */

export const BOT_NAME_MAX = 20;
export const BOT_INTRO_MAX = 140;
export const BOT_PERSONA_MAX = 4000;
export const BOT_QUESTIONS_MAX = 3;

/* ---------- Community and snippets (docs/community.md) ---------- */

export const POST_CONTENT_MAX = 2000;
export const POST_IMAGES_MAX = 9;
export const COMMENT_CONTENT_MAX = 500;
export const SNIPPET_TITLE_MAX = 40;
export const SNIPPET_NOTE_MAX = 200;
/** Messages one snippet may hold. */
export const SNIPPET_MESSAGES_MAX = 50;
/** Replies shown under a comment in the comment list before 展开更多回复. */
export const COMMENT_REPLY_PREVIEW = 2;

/** How much text Intl.Segmenter is given at once (docs/testing-suites.md, Fuzz). */
const SEGMENT_WINDOW = 1024;

/**
 * The grapheme clusters of a text, in order. Intl.Segmenter takes time quadratic in the length of a long
 * non-ASCII text (V8: 100,000 Han characters block for seconds), so it reads the text a window at a time; the
 * last cluster of a window may be cut at its edge, so it is read again at the start of the next one (a
 * boundary depends only on the characters beside it, so the earlier ones stand). A cluster longer than a
 * window (thousands of combining marks) is counted in pieces: no user types one.
 */
function* graphemes(text: string): Generator<string> {
  const segmenter = new Intl.Segmenter('zh', { granularity: 'grapheme' });
  let start = 0;
  while (start < text.length) {
    if (text.length - start <= SEGMENT_WINDOW) {
      for (const { segment } of segmenter.segment(text.slice(start))) yield segment;
      return;
    }
    // Never between the two halves of a character: a half would read as a character of its own.
    const code = text.charCodeAt(start + SEGMENT_WINDOW - 1);
    const end = start + SEGMENT_WINDOW - (code >= 0xd800 && code <= 0xdbff ? 1 : 0);
    const parts = [...segmenter.segment(text.slice(start, end))];
    const keep = parts.length > 1 ? parts.length - 1 : 1;
    for (let i = 0; i < keep; i++) yield parts[i]!.segment;
    start += keep < parts.length ? parts[keep]!.index : end - start;
  }
}

/**
 * Characters as the user sees them (grapheme clusters: 👍🏻 or 👨‍👩‍👧 is one), the count of every limit on post
 * and comment text, on the server and in the counter under the text box alike.
 */
export function countGraphemes(text: string): number {
  let n = 0;
  for (const _ of graphemes(text)) n++;
  return n;
}

/**
 * The first `max` characters of a text as users see them (as `countGraphemes` counts them), so a cut never
 * splits 👍🏻 or 👨‍👩‍👧; `more` (e.g. '…') is added only when something was cut off.
 */
export function cutGraphemes(text: string, max: number, more = ''): string {
  let out = '';
  let n = 0;
  for (const segment of graphemes(text)) {
    if (n === max) return out + more;
    out += segment;
    n++;
  }
  return out;
}

/** In lists (GET /api/v1/snippet) a snippet's `messages` hold its first 3 only, each cut to 200 characters. */
export const SNIPPET_LIST_PREVIEW = { messages: 3, chars: 200 } as const;

export const POST_STATUSES = ['published', 'pending_review', 'rejected', 'deleted'] as const;

export const REPORT_REASONS = ['spam', 'porn', 'abuse', 'illegal', 'fraud', 'infringement', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The reasons as users and operators read them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: '垃圾广告',
  porn: '色情低俗',
  abuse: '辱骂攻击',
  illegal: '违法违规',
  fraud: '诈骗信息',
  infringement: '侵犯权益',
  other: '其他',
};

/** A report's optional word more, in characters as users see them. */
export const REPORT_DETAIL_MAX = 200;

/**
 * What someone did that an interaction notice tells (its `type`; docs/community.md, Messages): the notices of one
 * kind and target are one row while unread.
 */
export const INTERACTION_KINDS = [
  'post_like',
  'post_favourite',
  'post_comment',
  'comment_like',
  'comment_reply',
] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];
