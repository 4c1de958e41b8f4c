import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Citation } from '@lingxi/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeMessage } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { ReplyBubble } from './message-bubble';

const citations: Citation[] = [
  {
    index: 1,
    document: '售后政策.md',
    heading: '退货 > 时限',
    passage: '商品签收后七天内可以无理由退货。',
    score: 0.8123,
  },
  { index: 2, document: '常见问题.txt', heading: '', passage: '运费由卖家承担。', score: 0.5 },
];

function renderReply(content: string, cited: Citation[] = citations) {
  return renderWithProviders(
    <ReplyBubble
      message={makeMessage({ content, citations: cited })}
      avatar=""
      canRegenerate={false}
      onRegenerate={vi.fn()}
      onRate={vi.fn()}
    />,
  );
}

describe('citations under a reply', () => {
  it('no citations: no row, and a [1] in the text stays text', () => {
    renderReply('见 [1] 号说明。', []);
    expect(screen.queryByTestId('citations-row')).toBeNull();
    expect(screen.queryByTestId('cite-marker')).toBeNull();
    expect(screen.getByText('见 [1] 号说明。')).toBeInTheDocument();
  });

  it('a compact "参考资料 N" row opens every passage with document, heading and score', async () => {
    renderReply('七天内可以退货[1]，运费由卖家承担[2]。');
    const row = screen.getByTestId('citations-row');
    expect(row).toHaveTextContent('参考资料 2');
    expect(row).toHaveTextContent('售后政策.md、常见问题.txt');
    fireEvent.click(row);
    const sheet = await screen.findByTestId('citations-sheet');
    const items = within(sheet).getAllByTestId('citation');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('1售后政策.md · 退货 > 时限');
    expect(items[0]).toHaveTextContent('商品签收后七天内可以无理由退货。');
    expect(items[0]).toHaveTextContent('相关度 0.812');
    expect(items[1]).toHaveTextContent('2常见问题.txt');
    expect(items[1]).not.toHaveTextContent('·');
  });

  it('[n] markers in the reply are buttons that open the sheet at that passage', async () => {
    renderReply('七天内可以退货[1]，运费由卖家承担【2】。代码 `[1]` 不变。');
    const markers = screen.getAllByTestId('cite-marker');
    expect(markers.map((m) => m.textContent)).toEqual(['1', '2']);
    expect(screen.getByText('[1]', { selector: 'code' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '查看参考资料 2' }));
    const sheet = await screen.findByTestId('citations-sheet');
    await waitFor(() =>
      expect(within(sheet).getAllByTestId('citation')[1]).toHaveClass('lx-citation--focus'),
    );
  });

  it('a marker beyond the citations stays plain text', () => {
    renderReply('只有一条[1]，没有第三条[3]。', citations.slice(0, 1));
    expect(screen.getAllByTestId('cite-marker')).toHaveLength(1);
    expect(screen.getByText(/没有第三条\[3\]/)).toBeInTheDocument();
  });
});
