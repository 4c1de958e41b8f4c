import '../../test-i18n';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import SettingsPage from './settings-page';
import { fakeSetting, renderConsolePage } from './settings.fixtures';

const LIST = [
  fakeSetting('assistant_name', '灵犀'),
  fakeSetting('signup_bonus', 300, {
    default: 100,
    overridden: true,
    updated_at: '2026-11-24T02:00:00.000Z',
  }),
  fakeSetting('deprecated_hosts', []),
  fakeSetting('knowledge_document_bytes', 10 * 1024 * 1024),
];

const row = (key: string) => screen.getByTestId(`setting-${key}`);
// Queries by selector: role queries over a page of antd inputs are slow in jsdom.
const saveOf = (key: string) =>
  row(key).querySelector<HTMLButtonElement>('.setting-row__actions .ant-btn-primary')!;
const inputOf = (key: string) => row(key).querySelector('input')!;

describe('the settings page', () => {
  it('shows each setting with its default, and 恢复默认 only where an operator’s value is in force', async () => {
    mockApi({ 'GET /api/v1/admin/setting': { data: { list: LIST } } });
    renderConsolePage(<SettingsPage />);
    expect(await screen.findByText('助手名称')).toBeInTheDocument();
    expect(within(row('signup_bonus')).getByText('已修改')).toBeInTheDocument();
    expect(within(row('signup_bonus')).getByText(/默认：100 芯片/)).toBeInTheDocument();
    expect(within(row('signup_bonus')).getByText('恢复默认')).toBeInTheDocument();
    expect(within(row('assistant_name')).queryByText('恢复默认')).toBeNull();
    expect(within(row('knowledge_document_bytes')).getByText(/默认：10 MB/)).toBeInTheDocument();
    expect(screen.getAllByText('前往编辑').map((a) => a.getAttribute('href'))).toEqual([
      '/admin/money/plans',
      '/admin/money/rewards',
    ]);
  });

  it('checks a draft with the setting’s own rule before it may be saved, then saves it', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/setting': { data: { list: LIST } },
      'PUT /api/v1/admin/setting/assistant_name': { data: fakeSetting('assistant_name', '小犀') },
    });
    renderConsolePage(<SettingsPage />);
    await screen.findByTestId('setting-assistant_name');
    const input = inputOf('assistant_name');
    expect(saveOf('assistant_name')).toBeDisabled();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(within(row('assistant_name')).getByText('请填写助手名称')).toBeInTheDocument();
    expect(saveOf('assistant_name')).toBeDisabled();
    fireEvent.change(input, { target: { value: '小犀' } });
    expect(within(row('assistant_name')).queryByText('请填写助手名称')).toBeNull();
    fireEvent.click(saveOf('assistant_name'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/v1/admin/setting/assistant_name');
    expect(put.body).toEqual({ value: '小犀' });
  });

  it('sends the size in bytes though it is typed in megabytes', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/setting': { data: { list: LIST } },
      'PUT /api/v1/admin/setting/knowledge_document_bytes': {
        data: fakeSetting('knowledge_document_bytes', 15 * 1024 * 1024),
      },
    });
    renderConsolePage(<SettingsPage />);
    await screen.findByTestId('setting-knowledge_document_bytes');
    const input = inputOf('knowledge_document_bytes');
    fireEvent.change(input, { target: { value: '15' } });
    fireEvent.click(saveOf('knowledge_document_bytes'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ value: 15 * 1024 * 1024 }),
    );
  });

  it('restores a default after a confirmation', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/setting': { data: { list: LIST } },
      'DELETE /api/v1/admin/setting/signup_bonus': { data: fakeSetting('signup_bonus', 100) },
    });
    renderConsolePage(<SettingsPage />);
    fireEvent.click(within(await screen.findByTestId('setting-signup_bonus')).getByText('恢复默认'));
    expect(await screen.findByText('恢复默认值？')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByText('恢复默认', { selector: '.ant-popconfirm button *' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/v1/admin/setting/signup_bonus'),
    );
  });
});
