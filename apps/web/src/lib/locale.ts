import { DEFAULT_LOCALE, isLocale, LOCALES, resolveLocale, type Locale } from '@lingxi/contract';
import type { InitOptions } from 'i18next';
import { storage } from './storage';

export { isLocale, resolveLocale };

/** Each language named in itself, for the language pickers (the app's settings, the console's header). */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

/** The `lang` attribute and the `Intl` tag for each locale. */
export const HTML_LANG: Record<Locale, string> = {
  'zh-Hans': 'zh-CN',
  'zh-Hant': 'zh-TW',
  en: 'en',
  es: 'es',
  fr: 'fr',
};

/** The user's choice, else the browser's languages in order, else en (docs/i18n.md). */
export function detectLocale(
  stored: string | null = storage.getLocale(),
  languages: readonly string[] = globalThis.navigator?.languages?.length
    ? globalThis.navigator.languages
    : [globalThis.navigator?.language ?? ''],
): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of languages) {
    const locale = resolveLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function applyDocumentLang(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[locale];
}

/**
 * Builds i18next resources from a folder of `<locale>/<section>.json` files (each file is one top-level section),
 * as `import.meta.glob` returns them. One file per section keeps parallel work on different screens apart.
 */
export function resourcesFromFiles(files: Record<string, unknown>): Record<Locale, { translation: object }> {
  const out = {} as Record<Locale, { translation: Record<string, unknown> }>;
  for (const [path, value] of Object.entries(files)) {
    const match = /\/([\w-]+)\/([\w-]+)\.json$/.exec(path);
    if (!match || !isLocale(match[1])) continue;
    const locale = match[1];
    (out[locale] ??= { translation: {} }).translation[match[2]!] = value;
  }
  return out;
}

/** The i18next options both apps start with: their own texts, zh-Hans as the fallback, synchronous start. */
export function i18nOptions(resources: InitOptions['resources'], lng: Locale): InitOptions {
  return {
    resources,
    lng,
    fallbackLng: 'zh-Hans',
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  };
}
