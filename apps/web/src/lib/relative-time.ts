import type { Locale } from '@lingxi/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { isLocale } from './i18n';

dayjs.extend(relativeTime);

const DAYJS_LOCALES: Record<Locale, string> = {
  'zh-Hans': 'zh-cn',
  'zh-Hant': 'zh-tw',
  en: 'en',
  es: 'es',
  fr: 'fr',
};

/** A list's time column: "几秒前 / 5 分钟前 / 3 小时前" within a week (in the locale), the date after that. */
export function formatRelativeTime(iso: string, locale: Locale, now: Date = new Date()): string {
  const time = dayjs(iso);
  const current = dayjs(now);
  if (current.diff(time, 'day') >= 7) {
    return time.format(time.year() === current.year() ? 'MM-DD' : 'YYYY-MM-DD');
  }
  return time.locale(DAYJS_LOCALES[locale]).from(current);
}

/** formatRelativeTime in the current UI language. */
export function useRelativeTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-Hans';
  return (iso) => formatRelativeTime(iso, locale);
}
