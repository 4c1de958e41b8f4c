import type { TranslatedLocale, Translations } from '@lingxi/contract';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import type { BotTexts } from './types.js';
import { zhHant } from './zh-hant.js';

const FULL = { en, es, fr } as const;

/** Picks the fields that carry a text, so that a missing one falls back to the source when read. */
function fields(t: Partial<BotTexts>, fill: (s: string) => string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(t)) {
    if (typeof v === 'string' && v) out[k] = fill(v);
    else if (Array.isArray(v) && v.length) out[k] = v.map(fill);
  }
  return out;
}

/**
 * A seeded system bot's translations (docs/i18n.md, Data the platform owns): en, es and fr in full, zh-Hant where
 * OpenCC's conversion was corrected. `fill` puts the assistant's name in its texts.
 */
export function seedBotTranslations(key: string, fill: (s: string) => string = (s) => s): Translations {
  const out: Translations = {};
  for (const locale of Object.keys(FULL) as (keyof typeof FULL)[]) {
    const t = FULL[locale].bots[key];
    if (t) out[locale] = fields(t, fill);
  }
  const hant = zhHant.bots[key];
  if (hant) out['zh-Hant'] = fields(hant, fill);
  return out;
}

/** A seeded category's name in the other locales. */
export function seedCategoryTranslations(id: string): Translations {
  const out: Translations = {};
  const all: [TranslatedLocale, Record<string, string>][] = [
    ['en', en.categories],
    ['es', es.categories],
    ['fr', fr.categories],
    ['zh-Hant', zhHant.categories],
  ];
  for (const [locale, names] of all) if (names[id]) out[locale] = { name: names[id]! };
  return out;
}
