import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeInviteCount, makeInviteReward } from '../../../test/wallet-fixtures';
import InvitePage from './invite-page';

function renderInvite() {
  const router = createMemoryRouter([{ path: '/invite', element: <InvitePage /> }], {
    initialEntries: ['/invite'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** jsdom has no canvas: a 2D context that records what is drawn, and a PNG that says it is one. */
function fakeCanvas() {
  const drawn: string[] = [];
  const ctx = new Proxy(
    {
      measureText: (text: string) => ({ width: text.length * 10 }),
      createLinearGradient: () => ({ addColorStop() {} }),
    },
    {
      get(target, key) {
        if (key in target) return target[key as keyof typeof target];
        return (...args: unknown[]) => {
          if (key === 'fillText') drawn.push(String(args[0]));
        };
      },
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    ctx as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,UE5H');
  return drawn;
}

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  clearLogin();
  localStorage.clear();
});

describe('invite page', () => {
  it('shows my code and share link, copies both, the counts, the rules and the poster image', async () => {
    const drawn = fakeCanvas();
    loginAs('tok', makeUser({ nickname: '小灵', invite_code: 'ABC123' }));
    mockApi({
      'GET /api/v1/user': { data: makeUser({ nickname: '小灵', invite_code: 'ABC123' }) },
      'GET /api/v1/invite/reward/count': { data: makeInviteCount() },
      'GET /api/v1/invite/reward': {
        data: {
          list: [
            makeInviteReward(),
            makeInviteReward({
              id: 2,
              kind: 'commission',
              chips: 0,
              amount_fen: 199,
              title: '开通月度会员佣金',
            }),
          ],
          next_cursor: null,
        },
      },
    });
    renderInvite();
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('ABC123');
    const link = `${window.location.origin}/?invite_code=ABC123`;
    expect(screen.getByTestId('invite-link')).toHaveTextContent(link);

    fireEvent.click(screen.getByText('复制邀请码'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ABC123'));
    fireEvent.click(screen.getByText('复制邀请链接'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));

    const stats = await screen.findByTestId('invite-stats');
    await waitFor(() => expect(stats).toHaveTextContent('12'));
    expect(stats).toHaveTextContent('10');
    expect(stats).toHaveTextContent('500');
    expect(stats).toHaveTextContent('¥123.45');
    const rules = screen.getByTestId('invite-rules');
    expect(rules).toHaveTextContent('你获得 50 芯片，好友获得 50 芯片');
    expect(rules).toHaveTextContent('365 天内的每笔支付，你可获得 10% 佣金');
    expect(rules).toHaveTextContent('每天最多奖励 20 位');

    const poster = await screen.findByTestId('invite-poster');
    expect(poster.tagName).toBe('IMG');
    expect(poster).toHaveAttribute('src', 'data:image/png;base64,UE5H');
    expect(screen.getByText('长按图片保存或分享')).toBeInTheDocument();
    expect(drawn).toContain('小灵 邀请你加入灵犀');
    expect(drawn).toContain('注册即送 50 芯片');

    const rewards = await screen.findAllByTestId('invite-reward');
    expect(within(rewards[0]!).getByText('+50 芯片')).toBeInTheDocument();
    expect(within(rewards[1]!).getByText('+¥1.99')).toBeInTheDocument();
  });

  it('no rewards yet: an empty state that says how to earn them', async () => {
    fakeCanvas();
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/invite/reward/count': {
        data: makeInviteCount({
          invited_count: 0,
          rewarded_count: 0,
          chips_total: 0,
          commission_fen_total: 0,
        }),
      },
      'GET /api/v1/invite/reward': { data: { list: [], next_cursor: null } },
    });
    renderInvite();
    expect(await screen.findByText('还没有奖励记录')).toBeInTheDocument();
  });
});
