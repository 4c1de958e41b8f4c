import type { Category } from '@lingxi/contract';
import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api';
import { renderWithProviders } from '../test/render-app';
import { changeLocale, i18n } from './i18n';
import { queryKeys } from './query-keys';
import { request } from './request';

/** A list of data the server owns, as a page shows it. */
function Categories() {
  const q = useQuery({
    queryKey: queryKeys.bots.categories(),
    queryFn: () => request.get<{ list: Category[] }>('/api/v1/bot/category'),
  });
  return (
    <ul>
      {q.data?.list.map((c) => (
        <li key={c.id}>{c.name}</li>
      ))}
    </ul>
  );
}

const NAMES: Record<string, string> = { 'zh-Hans': '写作', en: 'Writing', 'zh-Hant': '寫作' };

afterEach(async () => {
  await changeLocale('zh-Hans');
  localStorage.clear();
});

describe('changing the language', () => {
  it('asks the server again with the new Accept-Language, so lists show in the new language', async () => {
    const { calls } = mockApi({
      'GET /api/v1/bot/category': (call) => ({
        data: {
          list: [{ id: 'writing', name: NAMES[call.headers['Accept-Language'] ?? 'zh-Hans'], icon: '' }],
        },
      }),
    });
    request.configure({ getLocale: () => i18n.language || null });
    renderWithProviders(<Categories />);
    expect(await screen.findByText('写作')).toBeTruthy();

    await act(() => changeLocale('en'));
    expect(await screen.findByText('Writing')).toBeTruthy();
    await act(() => changeLocale('zh-Hant'));
    expect(await screen.findByText('寫作')).toBeTruthy();
    expect(calls.map((c) => c.headers['Accept-Language'])).toEqual(['zh-Hans', 'en', 'zh-Hant']);

    // Picking the language already shown asks nothing again.
    await act(() => changeLocale('zh-Hant'));
    expect(calls).toHaveLength(3);
  });
});
