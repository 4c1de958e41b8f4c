/**
 * The seed catalogue's texts in one locale (docs/i18n.md, Data the platform owns): category names by id, and the
 * texts users read of each system bot by its key. The persona (the model's instructions) is not shown to users
 * and stays in the source.
 */
export type BotTexts = {
  name?: string;
  intro: string;
  greeting: string;
  questions: [string, string, string];
  tags: string[];
};

export type SeedTexts = {
  categories: Record<string, string>;
  bots: Record<string, BotTexts>;
};

/**
 * zh-Hant: only where OpenCC's character conversion reads wrong in Taiwan (程式碼, 軟體, 履歷 …); everything else
 * is converted when read.
 */
export type SeedOverrides = {
  categories: Record<string, string>;
  bots: Record<string, Partial<BotTexts>>;
};
