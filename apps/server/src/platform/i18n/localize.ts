import type { Locale, TranslatedLocale, Translations } from '@lingxi/contract';
import { LRUCache } from 'lru-cache';
import { requestLocale } from '../http/request-context.js';
import { toTraditional } from './chinese.js';

/*
 * The reader's text of data the platform owns (docs/i18n.md, Data the platform owns): the translation stored for
 * the locale, else for zh-Hant the OpenCC conversion of the zh-Hans source, else the source. Presenters call it
 * after any cache, so that a cached row serves every locale.
 */

/** Conversions of texts read again and again (a category's name, a bot's intro): bounded by characters held. */
const converted = new LRUCache<string, string>({
  maxSize: 4_000_000,
  sizeCalculation: (value, key) => value.length + key.length || 1,
});

/** The OpenCC conversion of a zh-Hans text to zh-Hant (Taiwan), remembered. */
export function traditionalOf(text: string): string {
  if (!text) return text;
  let out = converted.get(text);
  if (out === undefined) {
    out = toTraditional(text);
    converted.set(text, out);
  }
  return out;
}

type Texts = Record<string, string | string[]>;

const present = (v: unknown): v is string | string[] =>
  typeof v === 'string'
    ? v.length > 0
    : Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');

/**
 * The fields of `source` as a reader of `locale` reads them. A field's translation replaces the source only when
 * it is there and not empty; a list (questions, tags) is replaced whole.
 */
export function localize<T extends Texts>(
  source: T,
  translations: Translations | null | undefined,
  locale: Locale = requestLocale(),
): T {
  if (locale === 'zh-Hans') return source;
  const given = translations?.[locale as TranslatedLocale];
  const out: Texts = {};
  for (const [field, text] of Object.entries(source)) {
    const t = given?.[field];
    if (present(t) && Array.isArray(t) === Array.isArray(text)) out[field] = t;
    else if (locale !== 'zh-Hant') out[field] = text;
    else out[field] = Array.isArray(text) ? text.map(traditionalOf) : traditionalOf(text);
  }
  return out as T;
}
