import '../../test-i18n';
import type { VipTierSetting } from '@lingxi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { fakeSetting, PACKAGES, renderConsolePage, TIERS } from '../settings/settings.fixtures';
import PlansPage from './plans-page';

const LIST = [
  fakeSetting('vip_tiers', TIERS),
  fakeSetting('chip_packages', PACKAGES),
  fakeSetting('vip_discount_percent', 20),
];

/** The tier table's body rows. */
async function tierRows() {
  const card = (await screen.findByText('会员套餐', { selector: '.ant-card-head-title *' })).closest(
    '.ant-card',
  )!;
  return {
    card: card as HTMLElement,
    rows: () => [...card.querySelectorAll('tr.ant-table-row')] as HTMLElement[],
  };
}
// Queries by selector: role queries over antd's tables are slow in jsdom.
const saveIn = (card: HTMLElement) =>
  card.querySelector<HTMLButtonElement>('.ant-card-extra .ant-btn-primary')!;
const numbers = (row: HTMLElement) => [
  ...row.querySelectorAll<HTMLInputElement>('input.ant-input-number-input'),
];
const texts = (row: HTMLElement) => [...row.querySelectorAll<HTMLInputElement>('input.ant-input')];
const button = (row: HTMLElement, label: string) =>
  row.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;

describe('the plans page', () => {
  it('saves an edited tier list in fen after a confirmation that names the change', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/setting': { data: { list: LIST } },
      'PUT /api/v1/admin/setting/vip_tiers': { data: fakeSetting('vip_tiers', TIERS) },
    });
    renderConsolePage(<PlansPage />);
    const { card, rows } = await tierRows();
    expect(rows()).toHaveLength(2);
    expect(saveIn(card)).toBeDisabled();
    const [price] = numbers(rows()[0]!);
    fireEvent.change(price!, { target: { value: '25.9' } });
    fireEvent.click(saveIn(card));
    expect(await screen.findByText('调价：月度会员 ¥19.9 → ¥25.9')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByText('保存并生效'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = (calls.find((c) => c.method === 'PUT')!.body as { value: VipTierSetting[] }).value;
    expect(sent).toEqual([{ ...TIERS[0], price_fen: 2590 }, TIERS[1]]);
  });

  it('marks a refused cell and keeps the list from being saved', async () => {
    mockApi({ 'GET /api/v1/admin/setting': { data: { list: LIST } } });
    renderConsolePage(<PlansPage />);
    const { card, rows } = await tierRows();
    const [, original] = numbers(rows()[0]!);
    fireEvent.change(original!, { target: { value: '10' } });
    expect(within(card).getByText('原价应高于售价（没有原价就不填）')).toBeInTheDocument();
    expect(saveIn(card)).toBeDisabled();
    fireEvent.click(within(card).getByText('撤销修改'));
    expect(within(card).queryByText('原价应高于售价（没有原价就不填）')).toBeNull();
  });

  it('adds a tier with a free id, moves it up, and removes one after a confirmation; the last one stays', async () => {
    mockApi({ 'GET /api/v1/admin/setting': { data: { list: LIST } } });
    renderConsolePage(<PlansPage />);
    const { card, rows } = await tierRows();
    fireEvent.click(within(card).getByText(/添加会员套餐/));
    expect(rows()).toHaveLength(3);
    expect(texts(rows()[2]!)[0]!.value).toBe('tier3');
    expect(within(card).getByText('请填写套餐名称')).toBeInTheDocument();
    fireEvent.click(button(rows()[2]!, '上移'));
    expect(texts(rows()[1]!)[0]!.value).toBe('tier3');

    for (const remaining of [2, 1]) {
      fireEvent.click(button(rows()[0]!, '删除'));
      fireEvent.click(await screen.findByText(/^删\s*除$/, { selector: '.ant-popconfirm button *' }));
      await waitFor(() => expect(rows()).toHaveLength(remaining));
    }
    expect(button(rows()[0]!, '删除')).toBeDisabled();
  });
});
