import {
  SETTING_CATALOGUE,
  type AdminSetting,
  type ChipPackageSetting,
  type SettingKey,
  type VipTierSetting,
} from '@lingxi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/** Test data of the settings pages: a setting as GET /admin/setting answers it. */
export function fakeSetting(key: SettingKey, value: unknown, o: Partial<AdminSetting> = {}): AdminSetting {
  const def = SETTING_CATALOGUE[key];
  return {
    key,
    group: def.group,
    label: def.label,
    help: def.help,
    kind: def.kind,
    unit: 'unit' in def ? def.unit : null,
    min: def.min ?? null,
    max: def.max ?? null,
    value,
    default: value,
    overridden: false,
    updated_at: null,
    ...o,
  };
}

export const TIERS: VipTierSetting[] = [
  {
    id: 'month',
    name: '月度会员',
    price_fen: 1990,
    original_price_fen: 2990,
    days: 30,
    monthly_chips: 300,
    benefits: ['会员专属模型'],
  },
  {
    id: 'year',
    name: '年度会员',
    price_fen: 16800,
    original_price_fen: null,
    days: 365,
    monthly_chips: 300,
    benefits: [],
  },
];

export const PACKAGES: ChipPackageSetting[] = [{ id: 'c600', price_fen: 600, chips: 600, tag: '' }];

/** A console page with what the console gives it: antd in Chinese, its App (messages, modals), a query cache. */
export function renderConsolePage(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}
