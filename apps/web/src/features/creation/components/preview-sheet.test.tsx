import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BotInput, Citation, PreviewDone, UserInfo } from '@lingxi/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProfile } from '../../../lib/api/get-user';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeUser } from '../../../test/fixtures';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { sseResponse } from '../../../test/sse';
import { PreviewSheet } from './preview-sheet';

const BOT: BotInput = {
  name: '人事助手',
  avatar: '/media/avatars/bot/abc.svg',
  category: 'life',
  persona: '你是公司的人事助手，依据员工手册回答。',
  knowledge_base_ids: [3],
};

const cited: Citation[] = [
  {
    index: 1,
    document: '员工手册.md',
    heading: '假期 > 年假',
    passage: '入职满一年的员工每年享有十五天带薪年假。',
    score: 0.0328,
  },
  { index: 2, document: '食堂.txt', heading: '', passage: '食堂中午提供免费午餐。', score: 0.0161 },
];

const done = (citations?: Citation[]): Partial<PreviewDone> => ({
  usage: { prompt_tokens: 10, completion_tokens: 5 },
  finish_reason: 'stop',
  chips_charged: 1,
  balance: 41,
  ...(citations ? { citations } : {}),
});

/** The chip balance as every page shows it: read from the profile. */
function ChipsProbe() {
  const { user } = useProfile();
  return <div data-testid="chips-probe">{user?.chips ?? '--'}</div>;
}

/** Opens the preview and asks one question; resolves with the reply's stream, once the request is made. */
/** The preview request's signal: aborted when the client cut the request. */
let previewSignal: AbortSignal | null | undefined;

async function ask(profile?: UserInfo) {
  let stream: ReturnType<typeof sseResponse> | null = null;
  mockApi({
    'POST /api/v1/bot/preview': (call: Call) => {
      previewSignal = call.signal;
      stream = sseResponse(call.signal);
      return stream.response;
    },
    ...(profile ? { 'GET /api/v1/user': { data: profile } } : {}),
  });
  renderWithProviders(
    <MemoryRouter>
      <PreviewSheet visible bot={BOT} onClose={vi.fn()} />
      {profile ? <ChipsProbe /> : null}
    </MemoryRouter>,
  );
  if (profile)
    await waitFor(() => expect(screen.getByTestId('chips-probe')).toHaveTextContent(String(profile.chips)));
  fireEvent.change(within(await screen.findByTestId('preview-input')).getByRole('textbox'), {
    target: { value: '年假有多少天？' },
  });
  fireEvent.click(screen.getByTestId('preview-send'));
  await waitFor(() => expect(stream).not.toBeNull());
  return stream!;
}

/** The last reply, once nothing is streaming any more. */
async function lastReply() {
  await waitFor(() => expect(screen.queryByTestId('preview-live-bubble')).toBeNull());
  return screen.getAllByTestId('preview-bot-bubble').at(-1)!;
}

/** Opens the preview, asks one question and streams `text` back, ending with `end`. */
async function askAndReply(text: string, end: Partial<PreviewDone>) {
  const stream = await ask();
  act(() => {
    stream.send('start', { model: 'offline', citations: [] });
    stream.send('delta', { text });
    stream.send('done', end);
    stream.end();
  });
  return lastReply();
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('preview: chips', () => {
  it('the balance of a finished preview shows wherever the profile is read', async () => {
    loginAs('tok', makeUser({ chips: 42 }));
    const stream = await ask(makeUser({ chips: 42 }));
    act(() => {
      stream.send('start', { model: 'offline', citations: [] });
      stream.send('delta', { text: '十五天。' });
      stream.send('done', done());
      stream.end();
    });
    await lastReply();
    await waitFor(() => expect(screen.getByTestId('chips-probe')).toHaveTextContent('41'));
    // The preview said everything: its request ends by itself, it is not cut (net::ERR_ABORTED in a browser).
    expect(previewSignal?.aborted).toBe(false);
  });
});

describe('preview: citations', () => {
  it('the done event’s citations show under the reply as on the chat page: row, sheet and [n] markers', async () => {
    loginAs('tok', makeUser({ chips: 42 }));
    const reply = await askAndReply('每年十五天带薪年假[1]，午餐免费【2】。', done(cited));
    const row = within(reply).getByTestId('citations-row');
    expect(row).toHaveTextContent('参考资料 2');
    expect(row).toHaveTextContent('员工手册.md、食堂.txt');
    expect(
      within(reply)
        .getAllByTestId('cite-marker')
        .map((m) => m.textContent),
    ).toEqual(['1', '2']);

    fireEvent.click(row);
    const sheet = await screen.findByTestId('citations-sheet');
    const items = within(sheet).getAllByTestId('citation');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('1员工手册.md · 假期 > 年假');
    expect(items[0]).toHaveTextContent('入职满一年的员工每年享有十五天带薪年假。');
    expect(items[0]).toHaveTextContent('相关度 0.033');
    expect(items[1]).toHaveTextContent('2食堂.txt');
  });

  it('tapping a marker opens the sheet at that passage', async () => {
    loginAs('tok', makeUser({ chips: 42 }));
    await askAndReply('午餐免费[2]。', done(cited));
    fireEvent.click(screen.getByRole('button', { name: '查看参考资料 2' }));
    const sheet = await screen.findByTestId('citations-sheet');
    await waitFor(() =>
      expect(within(sheet).getAllByTestId('citation')[1]).toHaveClass('lx-citation--focus'),
    );
  });

  it('a reply stopped halfway keeps the citations its start event gave', async () => {
    loginAs('tok', makeUser({ chips: 42 }));
    const stream = await ask();
    act(() => {
      stream.send('start', { model: 'offline', citations: cited });
      stream.send('delta', { text: '每年十五天带薪年假[1]，' });
    });
    await screen.findByTestId('preview-live-bubble');
    fireEvent.click(screen.getByTestId('preview-stop'));
    const reply = await lastReply();
    expect(reply).toHaveTextContent('每年十五天带薪年假');
    expect(within(reply).getByTestId('citations-row')).toHaveTextContent('参考资料 2');
    expect(
      within(reply)
        .getAllByTestId('cite-marker')
        .map((m) => m.textContent),
    ).toEqual(['1']);
  });

  it('a reply without citations has no row, and its [1] stays text', async () => {
    loginAs('tok', makeUser({ chips: 42 }));
    const reply = await askAndReply('见 [1] 号说明。', done([]));
    expect(within(reply).queryByTestId('citations-row')).toBeNull();
    expect(within(reply).queryByTestId('cite-marker')).toBeNull();
    expect(reply).toHaveTextContent('见 [1] 号说明。');
  });
});
