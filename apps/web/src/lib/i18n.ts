import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_LOCALE, type Locale } from '@lingxi/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLang, detectLocale, i18nOptions, isLocale } from './locale';
import { setRequestMessagesLocale } from '../locales/request-messages';
import { storage } from './storage';

export { detectLocale, HTML_LANG, isLocale, LOCALE_NAMES, resolveLocale } from './locale';

type Texts = { translation: object };

/**
 * The app's texts: `src/locales/<locale>/<section>.json` (docs/i18n.md), one chunk per language
 * (`locales/bundles/`), so a reader downloads their own language only (docs/performance.md).
 */
const BUNDLES: Record<Locale, () => Promise<{ default: Texts | undefined }>> = {
  'zh-Hans': () => import('../locales/bundles/zh-Hans'),
  'zh-Hant': () => import('../locales/bundles/zh-Hant'),
  en: () => import('../locales/bundles/en'),
  es: () => import('../locales/bundles/es'),
  fr: () => import('../locales/bundles/fr'),
};

const loaded: Partial<Record<Locale, Texts>> = {};

/** Texts at hand (a fetched bundle, or every language at once in tests: locales/all.ts). */
export function addLocaleTexts(texts: Partial<Record<Locale, Texts>>) {
  for (const [locale, bundle] of Object.entries(texts) as [Locale, Texts][]) {
    loaded[locale] = bundle;
    if (i18n.isInitialized) i18n.addResourceBundle(locale, 'translation', bundle.translation, true, true);
  }
}

/** Fetches a language's texts once; the app awaits it before its first render and before a change of language. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded[locale]) return;
  const texts = (await BUNDLES[locale]()).default;
  if (texts) addLocaleTexts({ [locale]: texts });
}

export function initI18n(locale: Locale = detectLocale()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init(i18nOptions({ ...loaded }, locale));
    i18n.on('languageChanged', (lng) => {
      if (isLocale(lng)) setRequestMessagesLocale(lng);
    });
  }
  applyDocumentLang(locale);
  setRequestMessagesLocale(locale);
  return i18n;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** The user picks a language in settings: remembered on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  storage.setLocale(locale);
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  applyDocumentLang(locale);
}

/**
 * Server data follows the language (docs/i18n.md, Data the platform owns): when the user picks another one, every
 * query is asked again with the new Accept-Language, the ones on screen at once, the others when next shown.
 */
export function refetchOnLanguageChange(queryClient: QueryClient): () => void {
  let current = i18n.language;
  const onChange = (lng: string) => {
    if (lng === current) return;
    current = lng;
    void queryClient.invalidateQueries();
  };
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

export { i18n };
