import type { Post } from '@lingxi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../lib/session';
import { makePost, makePostSnippet } from '../test/feed-fixtures';
import { mockApi } from '../test/mock-api';
import { renderWithProviders } from '../test/render-app';
import { PostCard } from './post-card';

function renderCard(post: Post) {
  const router = createMemoryRouter(
    [
      { path: '/post', element: <PostCard post={post} /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/post'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderCard>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('post card', () => {
  it('shows the author, how long ago, the text, the topic and the counts', () => {
    mockApi({});
    renderCard(
      makePost({ like_count: 12345, comment_count: 0, favourite_count: 2, topic: { id: 3, name: '写作' } }),
    );
    expect(screen.getByText('阿青')).toBeInTheDocument();
    expect(screen.getByText('5分钟前')).toBeInTheDocument();
    expect(screen.getByText('今天让写作助手帮我写了一首诗')).toBeInTheDocument();
    expect(screen.getByText('#写作')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '点赞' })).toHaveTextContent('1.2万');
    expect(screen.getByRole('button', { name: '评论' })).toHaveTextContent('评论');
    expect(screen.getByRole('button', { name: '收藏' })).toHaveTextContent('2');
    expect(screen.queryByText('审核中')).toBeNull();
  });

  it('marks the viewer’s own post waiting for review; it takes no likes or favourites yet', () => {
    const { calls } = mockApi({});
    renderCard(makePost({ is_mine: true, status: 'pending_review' }));
    expect(screen.getByText('审核中')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '点赞' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '收藏' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '点赞' }));
    expect(calls).toHaveLength(0);
  });

  it('a snippet card opens the snippet on the post’s page; the topic opens its feed', async () => {
    mockApi({});
    const router = renderCard(
      makePost({ id: 8, snippet: makePostSnippet(), topic: { id: 3, name: '写作' } }),
    );
    fireEvent.click(screen.getByText('一段关于春天的对话'));
    await waitFor(() => expect(where(router)).toBe('/post/detail?id=8&view=snippet'));
    await router.navigate('/post');
    fireEvent.click(await screen.findByText('#写作'));
    await waitFor(() => expect(where(router)).toBe('/post?topic=3'));
  });

  it('its link is the author row, a real link with no button inside; the actions stay outside it', async () => {
    mockApi({});
    const router = renderCard(makePost({ id: 8 }));
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/post/detail?id=8');
    expect(link).toHaveTextContent('阿青');
    expect(link.querySelector('button')).toBeNull();
    expect(screen.getByTestId('post-card')).not.toHaveAttribute('role');
    fireEvent.click(link);
    await waitFor(() => expect(where(router)).toBe('/post/detail?id=8'));
  });

  it('logged out, a like goes to login and back', async () => {
    const { calls } = mockApi({});
    const router = renderCard(makePost());
    fireEvent.click(screen.getByRole('button', { name: '点赞' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/post');
    expect(calls).toHaveLength(0);
  });
});
