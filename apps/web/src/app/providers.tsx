import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { Locale } from '@lingxi/contract';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n, isLocale } from '../lib/i18n';

const ANTD_LOCALES = { en: enUS, es: esES, fr: frFR, 'zh-Hans': zhCN, 'zh-Hant': zhTW } satisfies Record<
  Locale,
  unknown
>;

function AntdLocale({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = isLocale(instance.language) ? instance.language : 'zh-Hans';
  return <ConfigProvider locale={ANTD_LOCALES[locale]}>{children}</ConfigProvider>;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AntdLocale>{children}</AntdLocale>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
