/** The reasons operators pick from when they turn something down (docs/admin.md, Review); 其他 asks for words. */
export const REASONS = {
  bot: ['违规内容', '涉及色情低俗', '广告营销', '侵犯他人权益', '信息不实', '角色设定不当', '其他'],
  post: ['违规内容', '涉及色情低俗', '广告营销', '辱骂攻击', '侵犯他人权益', '信息不实', '其他'],
  comment: ['辱骂攻击', '涉及色情低俗', '广告营销', '违规内容', '信息不实', '其他'],
  report: ['违规内容', '涉及色情低俗', '广告营销', '诈骗信息', '侵犯他人权益', '其他'],
} as const;
export type ReasonKind = keyof typeof REASONS;

/** The server takes at most this many characters of a reason. */
export const REASON_MAX = 200;

/** The reason as the author reads it: the preset, and the operator's words after it (or instead of 其他). */
export function reasonText(preset: string, detail: string) {
  const words = detail.trim();
  if (preset === '其他') return words;
  return words ? `${preset}：${words}` : preset;
}
