import '../../test-i18n';
import {
  LOCALES,
  SETTING_CATALOGUE,
  SETTING_GROUPS,
  SETTING_KEYS,
  type AdminSetting,
  type SettingKey,
} from '@lingxi/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { consoleI18n, consoleResources } from '../../i18n';
import { checkSetting } from './settings-api';
import SettingsPage from './settings-page';
import { fakeSetting, renderConsolePage } from './settings.fixtures';

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

type Tree = { [key: string]: string | Tree };
const section = (locale: string) =>
  (consoleResources[locale as keyof typeof consoleResources]?.translation as Record<string, Tree>).settings!;

describe('the catalogue in five languages', () => {
  it.each(LOCALES)('%s names and explains every setting and group of the catalogue', (locale) => {
    const s = section(locale);
    const keys = s.keys as Record<string, Record<string, string>>;
    expect(Object.keys(keys).sort()).toEqual([...SETTING_KEYS].sort());
    for (const key of SETTING_KEYS) {
      const def = SETTING_CATALOGUE[key];
      expect(keys[key]!.label?.trim(), `${locale}:${key}.label`).toBeTruthy();
      expect(keys[key]!.help?.trim(), `${locale}:${key}.help`).toBeTruthy();
      // A unit in words (芯片, 天) needs a translation; symbols (%, ‰, MB) read the same everywhere.
      const unit = 'unit' in def ? def.unit : undefined;
      if (unit && HAN.test(unit)) expect(keys[key]!.unit?.trim(), `${locale}:${key}.unit`).toBeTruthy();
    }
    expect(Object.keys(s.groups as Tree).sort()).toEqual(Object.keys(SETTING_GROUPS).sort());
  });

  it('zh-Hans reads the catalogue exactly as the server words it', () => {
    const keys = section('zh-Hans').keys as Record<string, Record<string, string>>;
    for (const key of SETTING_KEYS) {
      expect(keys[key]!.label).toBe(SETTING_CATALOGUE[key].label);
      expect(keys[key]!.help).toBe(SETTING_CATALOGUE[key].help);
    }
    const groups = section('zh-Hans').groups as Record<string, string>;
    for (const [g, def] of Object.entries(SETTING_GROUPS)) expect(groups[g]).toBe(def.label);
  });

  it.each(LOCALES.filter((l) => !l.startsWith('zh')))(
    '%s has no Chinese left in its settings texts',
    (locale) => {
      expect(JSON.stringify(section(locale))).not.toMatch(HAN);
    },
  );
});

const LIST: AdminSetting[] = [
  fakeSetting('assistant_name', '灵犀'),
  fakeSetting('signup_bonus', 300, {
    default: 100,
    overridden: true,
    updated_at: '2026-11-24T02:00:00.000Z',
  }),
  fakeSetting('share_image', '/icons/share.png'),
  fakeSetting('deprecated_hosts', ['old.example.com']),
  fakeSetting('new_url', ''),
  fakeSetting('knowledge_document_bytes', 10 * 1024 * 1024),
  fakeSetting('report_hide_threshold', 5),
  fakeSetting('creator_fen_per_chip', 0.5),
];

const row = (key: string) => screen.getByTestId(`setting-${key}`);

describe('the settings page in English', () => {
  beforeAll(() => consoleI18n.changeLanguage('en'));
  afterAll(() => consoleI18n.changeLanguage('zh-Hans'));

  it('shows no Chinese but the operators’ own data', async () => {
    mockApi({ 'GET /api/v1/admin/setting': { data: { list: LIST } } });
    const { container } = renderConsolePage(<SettingsPage />);
    expect(await screen.findByText('Assistant name')).toBeInTheDocument();
    expect(within(row('signup_bonus')).getByText(/Default: 100 chips/)).toBeInTheDocument();
    expect(within(row('report_hide_threshold')).getByText(/Default: 5 users/)).toBeInTheDocument();
    expect(screen.getByText('Sign-up bonus')).toBeInTheDocument();
    expect(screen.getAllByText('Basics').length).toBeGreaterThan(0);
    // Input values (灵犀) are data, not text of the page.
    expect(container.textContent!.replaceAll('灵犀', '')).not.toMatch(HAN);
    const placeholders = [...container.querySelectorAll('[placeholder]')].map((e) =>
      e.getAttribute('placeholder'),
    );
    expect(placeholders.join(' ')).not.toMatch(HAN);
  });

  it('words a refusal of the setting’s schema in English', async () => {
    mockApi({ 'GET /api/v1/admin/setting': { data: { list: LIST } } });
    renderConsolePage(<SettingsPage />);
    await screen.findByTestId('setting-assistant_name');
    const input = (key: SettingKey) => row(key).querySelector('input')!;
    fireEvent.change(input('assistant_name'), { target: { value: '   ' } });
    expect(within(row('assistant_name')).getByText('Assistant name is required')).toBeInTheDocument();
    fireEvent.change(input('assistant_name'), { target: { value: 'x'.repeat(21) } });
    expect(
      within(row('assistant_name')).getByText('Assistant name can have at most 20 characters'),
    ).toBeInTheDocument();
    fireEvent.change(input('new_url'), { target: { value: 'example.com' } });
    expect(
      within(row('new_url')).getByText(
        'New address must be a full address starting with http:// or https://',
      ),
    ).toBeInTheDocument();
    fireEvent.change(input('share_image'), { target: { value: 'ftp://x' } });
    expect(within(row('share_image')).getByText(/must be a site path starting with \//)).toBeInTheDocument();
  });

  it('words bounds in the setting’s unit and a list item by its place', () => {
    const t = consoleI18n.getFixedT('en');
    expect(checkSetting(t, 'signup_bonus', 100_001)[0]!.message).toBe(
      "Sign-up bonus can't be more than 100,000 chips",
    );
    expect(checkSetting(t, 'withdrawal_min_fen', -1)[0]!.message).toBe(
      "Minimum withdrawal can't be less than ¥0.00",
    );
    expect(checkSetting(t, 'knowledge_document_bytes', 0)[0]!.message).toBe(
      "Document size can't be less than 1 MB",
    );
    expect(checkSetting(t, 'deprecated_hosts', ['a.com', 'a.com'])).toEqual([
      {
        field: 'value.1',
        message: 'Domain #2: Domain “a.com” appears twice',
        cell: 'Domain “a.com” appears twice',
      },
    ]);
    expect(checkSetting(t, 'deprecated_hosts', ['http://x'])[0]!.cell).toMatch(/^Invalid domain/);
    expect(checkSetting(t, 'signup_bonus', 1.5)[0]!.message).toBe('Sign-up bonus must be a whole number');
    expect(checkSetting(t, 'signup_bonus', null)[0]!.message).toBe('Sign-up bonus is required');
    expect(checkSetting(t, 'assistant_name', 'a\u0000b')[0]!.message).toMatch(/control characters/);
  });

  it('falls back to the server’s words for a setting this console does not know', async () => {
    const unknown = {
      ...fakeSetting('icp', ''),
      key: 'brand_new' as SettingKey,
      label: '新设置',
      help: '新说明',
    };
    mockApi({ 'GET /api/v1/admin/setting': { data: { list: [unknown] } } });
    renderConsolePage(<SettingsPage />);
    expect(await screen.findByText('新设置')).toBeInTheDocument();
    expect(screen.getByText('新说明')).toBeInTheDocument();
  });
});
