import { t } from 'i18next';

/**
 * The reasons operators pick from when they turn something down (docs/admin.md, Review), as codes; `other` asks
 * for words. The operator reads each in the console's language (`review.reasons.*`); the author receives the
 * Chinese text below, as the platform's notices are written (docs/i18n.md).
 */
export const REASONS = {
  bot: ['violation', 'sexual', 'ads', 'rights', 'false', 'persona', 'other'],
  post: ['violation', 'sexual', 'ads', 'abuse', 'rights', 'false', 'other'],
  comment: ['abuse', 'sexual', 'ads', 'violation', 'false', 'other'],
  report: ['violation', 'sexual', 'ads', 'fraud', 'rights', 'other'],
} as const;
export type ReasonKind = keyof typeof REASONS;
export type ReasonCode = (typeof REASONS)[ReasonKind][number];

/** What the author reads: data sent to the server and on to the author, not the operator's UI text. */
const SENT: Record<ReasonCode, string> = {
  violation: '违规内容',
  sexual: '涉及色情低俗',
  ads: '广告营销',
  abuse: '辱骂攻击',
  rights: '侵犯他人权益',
  false: '信息不实',
  persona: '角色设定不当',
  fraud: '诈骗信息',
  other: '其他',
};

/** A reason as the operator reads it, in the console's language. */
export const reasonLabel = (code: ReasonCode) => t(`review.reasons.${code}`);

/** The server takes at most this many characters of a reason. */
export const REASON_MAX = 200;

/** The reason as the author reads it: the preset, and the operator's words after it (or instead of `other`). */
export function reasonText(preset: ReasonCode, detail: string) {
  const words = detail.trim();
  if (preset === 'other') return words;
  return words ? `${SENT[preset]}：${words}` : SENT[preset];
}
