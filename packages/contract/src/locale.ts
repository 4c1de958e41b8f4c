import { LOCALES, type Locale } from './constants.js';

/** True for one of the five locales of the client contract. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Maps a language tag to a supported locale (docs/i18n.md): zh-CN/zh-SG/zh → zh-Hans, zh-TW/zh-HK/zh-MO and any
 * `-Hant` tag → zh-Hant, en, es and fr tags (any region) → their language; anything else → null.
 */
export function resolveLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  if (isLocale(tag.trim())) return tag.trim() as Locale;
  if (lower === 'zh' || lower.startsWith('zh-')) {
    if (/^zh-(hant|tw|hk|mo)\b/.test(lower) || /-hant\b/.test(lower)) return 'zh-Hant';
    return 'zh-Hans';
  }
  const base = lower.split('-')[0];
  if (base === 'en' || base === 'es' || base === 'fr') return base;
  return null;
}

/**
 * The best supported locale of an `Accept-Language` header, by its q-values (ties keep the header's order), or
 * null when it names none of them. Malformed parts are skipped, never thrown on.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header || header.length > 1000) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const locale = resolveLocale(entry.tag);
    if (locale) return locale;
  }
  return null;
}
