/**
 * Operator settings that the server's rules read (never sent to clients). A row in `settings` with the same
 * key overrides a default; operators edit them in the console.
 */
export const RULE_DEFAULTS = {
  /** How many bots a user may have (not counting deleted ones). */
  bot_limit: 20,
  bot_limit_vip: 100,
  /**
   * Refused in every text a user publishes (bots now, posts later). Matched ignoring case and anything
   * between the characters that is not a letter or digit. A short starting list; operators keep it.
   */
  sensitive_words: [
    '傻逼',
    '操你妈',
    '草泥马',
    '去死吧',
    '约炮',
    '裸聊',
    '毒品交易',
    '制作炸弹',
    '代开发票',
    '赌博网站',
  ] as string[],
};

export type RuleSettings = typeof RULE_DEFAULTS;

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isWords = (v: unknown): v is string[] => Array.isArray(v) && v.every((w) => typeof w === 'string');

/** A stored value of the wrong shape is ignored (and the default used) rather than breaking every request. */
export const RULE_CHECKS: { [K in keyof RuleSettings]: (v: unknown) => v is RuleSettings[K] } = {
  bot_limit: isCount,
  bot_limit_vip: isCount,
  sensitive_words: isWords,
};
