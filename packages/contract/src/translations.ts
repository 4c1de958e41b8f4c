import { z } from 'zod';
import { LOCALES, type Locale } from './constants.js';

/*
 * Translations of the data the platform owns (docs/i18n.md, Data the platform owns): categories, system bots,
 * content pages, system notices and broadcasts carry their zh-Hans source text and, beside it, a text per other
 * locale. A missing or empty translation falls back: zh-Hant to the OpenCC conversion of the source, the others to
 * the source itself.
 */

/** The locales a source text (written in zh-Hans) is translated into. */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== 'zh-Hans') as Exclude<Locale, 'zh-Hans'>[];
export type TranslatedLocale = Exclude<Locale, 'zh-Hans'>;

/** Per locale, per field: a text, or a list of texts (a bot's suggested questions, its tags). */
export type Translations = Partial<Record<TranslatedLocale, Record<string, string | string[]>>>;

/**
 * How many times the source's character limit a translation may use: the source's limits are set for Chinese,
 * and English, Spanish or French say the same in about two to three times the characters. zh-Hant keeps the
 * source's limit.
 */
const TRANSLATION_LENGTH_FACTOR = 3;

/**
 * A translated field's rule: the source's limit in characters (or in UTF-8 bytes, with `bytes`, which no factor
 * scales: a Latin letter takes one byte where a Chinese character takes three), and its label for messages.
 */
type TranslatedField = { max: number; label: string; bytes?: boolean; list?: { max: number } };

const limitFor = (locale: TranslatedLocale, max: number) =>
  locale === 'zh-Hant' ? max : max * TRANSLATION_LENGTH_FACTOR;

/** One translated text: trimmed; '' means "not translated" and is dropped. */
function text(locale: TranslatedLocale, rule: TranslatedField) {
  const s = z.string({ error: `${rule.label}的翻译应为文字` }).trim();
  if (rule.bytes) {
    const kb = Math.floor(rule.max / 1024);
    return s.refine((v) => new TextEncoder().encode(v).length <= rule.max, `${rule.label}的翻译最多${kb}KB`);
  }
  const max = limitFor(locale, rule.max);
  return s.max(max, `${rule.label}的翻译最多${max}个字`);
}

function fieldSchema(locale: TranslatedLocale, rule: TranslatedField) {
  const one = text(locale, rule);
  if (!rule.list) return one.optional();
  return z
    .array(one, { error: `${rule.label}的翻译应为文字列表` })
    .max(rule.list.max, `${rule.label}的翻译最多${rule.list.max}项`)
    .transform((items) => items.filter(Boolean))
    .optional();
}

/** Drops empty texts and lists, then empty locales: what is stored is only what was translated. */
function compact(value: Record<string, Record<string, string | string[] | undefined> | undefined>) {
  const out: Translations = {};
  for (const locale of TRANSLATED_LOCALES) {
    const fields = Object.entries(value[locale] ?? {}).filter(
      (entry): entry is [string, string | string[]] =>
        Array.isArray(entry[1]) ? entry[1].length > 0 : !!entry[1],
    );
    if (fields.length) out[locale] = Object.fromEntries(fields);
  }
  return out;
}

/**
 * The schema of a `translations` field for the given source fields, each with the source's limit (scaled by
 * TRANSLATION_LENGTH_FACTOR for en, es and fr) and its label for messages. Unknown locales or fields are refused.
 */
export function translationsSchema(rules: Record<string, TranslatedField>) {
  const perLocale = (locale: TranslatedLocale) =>
    z
      .strictObject(
        Object.fromEntries(Object.entries(rules).map(([field, rule]) => [field, fieldSchema(locale, rule)])),
        { error: '翻译格式不正确' },
      )
      .optional();
  return z
    .strictObject(
      Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, perLocale(locale)])) as Record<
        TranslatedLocale,
        ReturnType<typeof perLocale>
      >,
      { error: '翻译格式不正确' },
    )
    .transform((v) => compact(v as Parameters<typeof compact>[0]));
}

/** Translations as the console reads them back: per locale, per field. */
export const translationsOut = z.record(
  z.string(),
  z.record(z.string(), z.union([z.string(), z.array(z.string())])),
);
