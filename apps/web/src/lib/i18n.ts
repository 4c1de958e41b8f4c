import { DEFAULT_LOCALE, LOCALES, type Locale } from '@lingxi/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import zhHans from '../locales/zh-Hans.json';
import zhHant from '../locales/zh-Hant.json';
import { storage } from './storage';

export const resources = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
  'zh-Hans': { translation: zhHans },
  'zh-Hant': { translation: zhHant },
} as const satisfies Record<Locale, { translation: object }>;

/** Each language named in itself, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

/** The `lang` attribute for each locale. */
export const HTML_LANG: Record<Locale, string> = {
  'zh-Hans': 'zh-CN',
  'zh-Hant': 'zh-TW',
  en: 'en',
  es: 'es',
  fr: 'fr',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps a browser language tag to a supported locale: zh-CN/zh-SG/zh → zh-Hans, zh-TW/zh-HK/zh-MO → zh-Hant … */
export function resolveLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.toLowerCase().replace(/_/g, '-');
  if (lower === 'zh' || lower.startsWith('zh-')) {
    if (/^zh-(hant|tw|hk|mo)\b/.test(lower) || /-hant\b/.test(lower)) return 'zh-Hant';
    return 'zh-Hans';
  }
  const base = lower.split('-')[0];
  if (base === 'en' || base === 'es' || base === 'fr') return base;
  return null;
}

/** The user's choice, else the browser's languages in order, else en (docs/product.md, Client contract). */
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

function applyDocumentLang(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[locale];
}

export function initI18n(locale: Locale = detectLocale()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: 'zh-Hans',
      supportedLngs: [...LOCALES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
  }
  applyDocumentLang(locale);
  return i18n;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** The user picks a language in settings: remembered on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  storage.setLocale(locale);
  await i18n.changeLanguage(locale);
  applyDocumentLang(locale);
}

export { i18n };
