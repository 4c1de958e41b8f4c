import { settingChecks } from './setting-checks.js';

/**
 * Operator settings that the server's rules read (never sent to clients). A row in `settings` with the same
 * key overrides a default; operators edit them in the console.
 */
export const RULE_DEFAULTS = {
  /** How many bots a user may have (not counting deleted ones). */
  bot_limit: 20,
  bot_limit_vip: 100,
  /** Knowledge bases a user may have, documents in one base, bytes of one document and of all of them. */
  knowledge_base_limit: 10,
  knowledge_base_limit_vip: 50,
  knowledge_documents_per_base: 50,
  knowledge_documents_per_base_vip: 500,
  knowledge_document_bytes: 10 * 1024 * 1024,
  knowledge_document_bytes_vip: 20 * 1024 * 1024,
  knowledge_total_bytes: 50 * 1024 * 1024,
  knowledge_total_bytes_vip: 500 * 1024 * 1024,
  /**
   * Distinct users' reports that hide a post until an operator decides (docs/community.md, Moderation); at
   * least 1 (a stored 0 would hide every post at its first report, so it is ignored).
   */
  report_hide_threshold: 5,
  /**
   * Refused in a bot's texts; a post or comment containing one waits for review. Matched ignoring case and anything
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

const { sensitive_words: _words, ...CATALOGUED } = RULE_DEFAULTS;
/** The rules an operator edits on the settings page (the word list has its own page and route). */
export const RULE_SETTING_DEFAULTS = CATALOGUED;

const isWords = (v: unknown): v is string[] => Array.isArray(v) && v.every((w) => typeof w === 'string');

/** A stored value of the wrong shape is ignored (and the default used) rather than breaking every request. */
export const RULE_CHECKS: { [K in keyof RuleSettings]: (v: unknown) => v is RuleSettings[K] } = {
  ...settingChecks(RULE_SETTING_DEFAULTS),
  sensitive_words: isWords,
};
