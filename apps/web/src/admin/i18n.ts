import type { Locale } from '@lingxi/contract';
import type { Locale as AntLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import frFR from 'antd/es/locale/fr_FR';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestMessagesLocale } from '../locales/request-messages';
import { applyDocumentLang, detectLocale, i18nOptions, isLocale, resourcesFromFiles } from '../lib/locale';
import { storage } from '../lib/storage';

/** The console's texts: `src/admin/locales/<locale>/<section>.json`, one section per desk (docs/i18n.md). */
export const consoleResources = resourcesFromFiles(
  import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' }),
);

/** antd's own texts (pagination, pickers, confirmations) in the console's language. */
export const ANTD_LOCALES: Record<Locale, AntLocale> = {
  'zh-Hans': zhCN,
  'zh-Hant': zhTW,
  en: enUS,
  es: esES,
  fr: frFR,
};

const DAYJS_LOCALES: Record<Locale, string> = {
  'zh-Hans': 'zh-cn',
  'zh-Hant': 'zh-tw',
  en: 'en',
  es: 'es',
  fr: 'fr',
};

function follow(locale: Locale) {
  dayjs.locale(DAYJS_LOCALES[locale]);
  applyDocumentLang(locale);
  setRequestMessagesLocale(locale);
}

/**
 * The console speaks the operator's language: the choice made in its header (shared with the app on this device),
 * else the browser's, else en, as the app does.
 */
export function initConsoleI18n(locale: Locale = detectLocale()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init(i18nOptions(consoleResources, locale));
    i18n.on('languageChanged', (lng) => {
      if (isLocale(lng)) follow(lng);
    });
  }
  follow(locale);
  return i18n;
}

export function consoleLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : 'zh-Hans';
}

export async function changeConsoleLocale(locale: Locale) {
  storage.setLocale(locale);
  await i18n.changeLanguage(locale);
}

export { i18n as consoleI18n };
