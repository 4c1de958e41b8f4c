import './test-i18n';
import type { AdminDashboard, AdminFeedback, AdminUserRow, AuditEntry, UserInfo } from '@lingxi/contract';
import { LOCALES } from '@lingxi/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLogin, setToken } from '../lib/session';
import { mockApi } from '../test/mock-api';
import { ConsoleApp } from './app';
import { consoleI18n, consoleResources } from './i18n';
import { formatCount, formatTime, formatYuan } from './lib/format';
import { actionLabel, targetLabel } from './pages/audit/action-labels';
import { reasonLabel, reasonText } from './pages/review/reasons';
import { CONSOLE_PAGES } from './routes';

/*
 * A guard for the console's five languages (docs/i18n.md): whole desks, rendered in English inside the console's
 * frame, show no Chinese but the users' own data; the formats follow the language; codes read in the language.
 */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Users' own content in the fixtures below: it stays as written, so it is taken out before looking. */
const USER_DATA = ['运营小王', '小明', '内容完整', '希望增加夜间模式'];

const operator = { id: 7, nickname: '运营小王', role: 'admin', avatar: '' } as unknown as UserInfo;
const actor = { id: 7, nickname: '运营小王', phone: '13900000001' };

const day = (d: string) => ({
  day: d,
  users_new: 10,
  dau: 100,
  conversations: 50,
  replies: 200,
  chips_spent: 1000,
  revenue_fen: 123_450,
  orders: 7,
});
const DASHBOARD: AdminDashboard = {
  days: [day('2026-11-23'), day('2026-11-24')],
  users_total: 12_345,
  pending: { bots: 3, posts: 0, comments: 1, reports: 2, withdrawals: 4 },
  at: '2026-11-24T02:00:00.000Z',
};

const AUDIT: AuditEntry[] = [
  {
    id: 1,
    actor,
    action: 'bot.approve',
    target: 'bot:42',
    detail: { reason: '内容完整' },
    before: { enabled: false },
    after: { enabled: true },
    ip: '203.0.113.7',
    at: '2026-11-24T02:00:00.000Z',
  },
  {
    id: 2,
    actor,
    action: 'user.disable',
    target: 'user:9',
    detail: {},
    before: null,
    after: null,
    ip: null,
    at: '2026-11-24T03:00:00.000Z',
  },
];

const USER: AdminUserRow = {
  id: 9,
  nickname: '小明',
  avatar: '',
  phone: '13800000000',
  status: 'disabled',
  role: 'user',
  is_vip: true,
  vip_expires_at: '2026-12-24T00:00:00.000Z',
  chips: 1200,
  earnings_fen: 1990,
  created_at: '2026-11-01T00:00:00.000Z',
  last_active_at: '2026-11-24T01:00:00.000Z',
} as AdminUserRow;

const FEEDBACK = {
  id: 3,
  type: 'suggestion',
  content: '希望增加夜间模式',
  contact: null,
  device: null,
  user: null,
  status: 'open',
  reply: null,
  handled_by: null,
  handled_at: null,
  created_at: '2026-11-24T01:00:00.000Z',
} as unknown as AdminFeedback;

const page = <T,>(list: T[]) => ({ data: { list, total: list.length } });

function serve() {
  return mockApi({
    'GET /api/v1/user': { data: operator },
    'GET /api/v1/admin/dashboard': { data: DASHBOARD },
    'GET /api/v1/admin/audit': page(AUDIT),
    'GET /api/v1/admin/user': page([USER]),
    'GET /api/v1/admin/feedback': page([FEEDBACK]),
    'GET /api/v1/admin/review/counts': { data: { bots: 0, posts: 0, comments: 0, reports: 0 } },
    'GET /api/v1/admin/review/bot': { data: { list: [], next_cursor: null } },
    'GET /api/v1/admin/category': { data: { list: [] } },
  });
}

/** The page's text without the users' own data: what must be in the operator's language. */
function uiText() {
  let text = document.body.textContent ?? '';
  for (const data of USER_DATA) text = text.split(data).join('');
  return text;
}

async function openInEnglish(path: string, heading: string) {
  window.history.pushState({}, '', path);
  serve();
  render(<ConsoleApp />);
  expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 60_000 })).toBeVisible();
}

describe('the console in English', () => {
  beforeEach(async () => {
    setToken('operator-token');
    await act(() => consoleI18n.changeLanguage('en'));
  });
  afterEach(() => {
    cleanup();
    clearLogin();
  });
  afterAll(async () => {
    await consoleI18n.changeLanguage('zh-Hans');
  });

  it('shows the dashboard and the frame (menu, breadcrumb) with no Chinese', async () => {
    await openInEnglish('/admin', 'Dashboard');
    await screen.findByText('Bots to review');
    expect(screen.getByText('Review')).toBeInTheDocument(); // a menu group
    expect(screen.getAllByText('¥1,234.50').length).toBeGreaterThan(0);
    expect(uiText()).not.toMatch(HAN);
  });

  it('shows the audit log with actions and targets in words, and only users’ data in Chinese', async () => {
    await openInEnglish('/admin/audit', 'Audit log');
    await screen.findByText('Approved a bot');
    expect(screen.getByText('User · disable')).toBeInTheDocument();
    expect(screen.getByText('Bot #42')).toBeInTheDocument();
    expect(document.body.textContent).toContain('内容完整');
    expect(uiText()).not.toMatch(HAN);
  });

  it('shows the users with no Chinese', async () => {
    await openInEnglish('/admin/users', 'Users');
    await screen.findByText('Disabled');
    expect(screen.getByText('VIP until 12/24/2026')).toBeInTheDocument();
    expect(uiText()).not.toMatch(HAN);
  });

  it('shows the review queue with no Chinese', async () => {
    await openInEnglish('/admin/review', 'Review queue');
    await screen.findByText('No bots to review');
    expect(uiText()).not.toMatch(HAN);
  });

  it('shows the feedback inbox with no Chinese', async () => {
    await openInEnglish('/admin/content/feedback', 'Feedback');
    await screen.findByText('Suggestion');
    expect(uiText()).not.toMatch(HAN);
  });
});

describe('the console’s formats and codes follow the language', () => {
  afterAll(async () => {
    await consoleI18n.changeLanguage('zh-Hans');
  });

  it('formats money, counts and times with Intl in the operator’s language', async () => {
    await consoleI18n.changeLanguage('zh-Hans');
    expect(formatYuan(123_450)).toBe('¥1,234.50');
    expect(formatTime('2026-11-24T01:30:00.000Z')).toMatch(/^2026\/11\/24 \d\d:30$/);
    await consoleI18n.changeLanguage('fr');
    expect(formatYuan(123_450).replace(/\s/g, ' ')).toBe('1 234,50 ¥');
    expect(formatCount(1_234_567).replace(/\s/g, ' ')).toBe('1 234 567');
    expect(formatTime('2026-11-24T01:30:00.000Z')).toMatch(/^24\/11\/2026 \d\d:30$/);
    await consoleI18n.changeLanguage('en');
    expect(formatTime('2026-11-24T01:30:00.000Z')).toMatch(/^11\/24\/2026, \d\d:30$/);
  });

  it('reads audit codes in the language, and keeps unknown codes as they are', async () => {
    await consoleI18n.changeLanguage('es');
    expect(actionLabel('bot.approve')).toBe('Bot aprobado');
    expect(targetLabel('bot:42')).toBe('Bot #42');
    expect(actionLabel('mystery.thing')).toBe('mystery.thing');
    await consoleI18n.changeLanguage('zh-Hant');
    expect(actionLabel('user.disable')).toBe('使用者·停用');
  });

  it('shows a rejection reason translated, and sends the author the Chinese text', async () => {
    await consoleI18n.changeLanguage('en');
    expect(reasonLabel('ads')).toBe('Advertising');
    expect(reasonText('ads', 'a phone number in the intro')).toBe('广告营销：a phone number in the intro');
    expect(reasonText('other', '  words  ')).toBe('words');
  });

  it('has every page title and menu group in all five languages', () => {
    const keys = CONSOLE_PAGES.flatMap((p) => [p.title, ...(p.group ? [p.group.label] : [])]);
    for (const locale of LOCALES) {
      const texts = consoleResources[locale].translation as Record<
        string,
        Record<string, Record<string, string>>
      >;
      for (const key of keys) {
        const [section, group, name] = key.split('.') as [string, string, string];
        expect(texts[section]?.[group]?.[name], `${locale}:${key}`).toBeTruthy();
      }
    }
  });
});
