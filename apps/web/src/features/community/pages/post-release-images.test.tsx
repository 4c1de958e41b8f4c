import { BUTTON_THROTTLE_MS, type CreatePostBody, type UploadInfo } from '@lingxi/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { LONG_PRESS_MS } from '../../../lib/use-long-press';
import { FakeXhr } from '../../../test/fake-xhr';
import { makeGrant, makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makePost } from '../../../test/feed-fixtures';
import PostReleasePage from './post-release-page';

let blobs = 0;
beforeEach(() => {
  // A page unmounted by the last test's cleanup writes its draft on the way out.
  localStorage.clear();
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  blobs = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++blobs}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearLogin();
  localStorage.clear();
});

function renderRelease() {
  const router = createMemoryRouter(
    [
      { path: '/post/release', element: <PostReleasePage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/post/release'] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

function api() {
  loginAs('tok', makeUser());
  return mockApi({
    'GET /api/v1/topic': { data: { list: [] } },
    'GET /api/v1/upload/token': { data: makeGrant('post_image') },
    'POST /api/v1/post': { data: makePost({ id: 31 }) },
  });
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function pick(...files: File[]) {
  fireEvent.change(screen.getByTestId('release-image-file'), { target: { files } });
}

const uploadInfo = (id: number): UploadInfo => ({
  id,
  purpose: 'post_image',
  url: `/media/u/AbCdEfGhIjKlMnOpQrS${id}.png`,
  name: `${id}.png`,
  mime: 'image/png',
  bytes: 4,
  width: 800,
  height: 600,
  created_at: '2026-01-01T00:00:00.000Z',
});

/** A tap as a finger makes it: down, up, click. */
function tap(element: HTMLElement) {
  fireEvent.pointerDown(element);
  fireEvent.pointerUp(element);
  fireEvent.click(element);
}

/** 发布, pressed again after the button's throttle (docs/product.md, Client contract). */
async function publishAgain() {
  await act(() => new Promise((resolve) => setTimeout(resolve, BUTTON_THROTTLE_MS + 20)));
  fireEvent.click(screen.getByTestId('release-publish'));
}

const tiles = () => screen.getAllByTestId('release-image');
const posted = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/post').map((c) => c.body as CreatePostBody);

/** Picks three images and answers their uploads with ids 101, 102, 103. */
async function threeUploaded() {
  pick(png('a.png'), png('b.png'), png('c.png'));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
  const byName = (name: string) => FakeXhr.sent.find((x) => x.fileName === name)!;
  byName('a.png').answer({ code: 0, data: uploadInfo(101) });
  byName('b.png').answer({ code: 0, data: uploadInfo(102) });
  byName('c.png').answer({ code: 0, data: uploadInfo(103) });
  await waitFor(() => expect(tiles().map((t) => t.dataset.status)).toEqual(['done', 'done', 'done']));
}

describe('/post/release images', () => {
  it('uploads each picked image with a progress ring; a failed one retries; the post sends the ids in order', async () => {
    const { calls } = api();
    renderRelease();
    pick(png('a.png'), png('b.png'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(tiles()).toHaveLength(2);
    const [a, b] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(a.fileName).toBe('a.png');
    expect((a.body as FormData).get('token')).toBe('g1');
    expect(calls.find((c) => c.path === '/api/v1/upload/token')?.query.get('purpose')).toBe('post_image');

    a.progress(40);
    expect(within(tiles()[0]!).getByTestId('release-image-progress')).toHaveTextContent('40%');
    a.answer({ code: 0, data: uploadInfo(101) });
    b.answer({ code: 10500, msg: '服务器繁忙' });
    await waitFor(() => expect(tiles().map((t) => t.dataset.status)).toEqual(['done', 'failed']));
    expect(within(tiles()[1]!).getByText('上传失败')).toBeInTheDocument();

    // Publishing waits for every image.
    fireEvent.click(screen.getByTestId('release-publish'));
    expect(await screen.findByText('有图片上传失败，请重试或移除')).toBeInTheDocument();
    expect(posted(calls)).toHaveLength(0);

    fireEvent.click(within(tiles()[1]!).getByTestId('release-image-retry'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    expect(FakeXhr.sent[2]!.fileName).toBe('b.png');
    expect(tiles()[1]).toHaveAttribute('data-status', 'uploading');
    await publishAgain();
    expect(await screen.findByText('图片还在上传，请稍候')).toBeInTheDocument();
    FakeXhr.sent[2]!.answer({ code: 0, data: uploadInfo(102) });
    await waitFor(() => expect(tiles()[1]).toHaveAttribute('data-status', 'done'));

    await publishAgain();
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toEqual({ content: '', images: [101, 102] });
  });

  it('× removes an image (an upload in flight is abandoned)', async () => {
    const { calls } = api();
    renderRelease();
    await threeUploaded();
    fireEvent.click(within(tiles()[0]!).getByTestId('release-image-remove'));
    expect(tiles().map((t) => t.dataset.imageId)).toEqual(['102', '103']);

    pick(png('d.png'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(4));
    fireEvent.click(within(tiles()[2]!).getByTestId('release-image-remove'));
    expect(tiles()).toHaveLength(2);

    fireEvent.click(screen.getByTestId('release-publish'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.images).toEqual([102, 103]);
  });

  it('long-press an image, then move it left or right', async () => {
    const { calls } = api();
    renderRelease();
    await threeUploaded();
    expect(screen.getByText('长按图片可调整顺序')).toBeInTheDocument();

    const third = tiles()[2]!;
    fireEvent.pointerDown(third);
    await act(() => new Promise((resolve) => setTimeout(resolve, LONG_PRESS_MS + 60)));
    fireEvent.pointerUp(third);
    expect(within(third).getByTestId('release-image-right')).toBeDisabled();
    tap(within(third).getByTestId('release-image-left'));
    expect(tiles().map((t) => t.dataset.imageId)).toEqual(['101', '103', '102']);
    tap(within(tiles()[1]!).getByTestId('release-image-left'));
    expect(tiles().map((t) => t.dataset.imageId)).toEqual(['103', '101', '102']);
    expect(within(tiles()[0]!).getByTestId('release-image-left')).toBeDisabled();
    tap(screen.getByTestId('release-arrange-done'));
    expect(screen.queryByTestId('release-arrange-done')).toBeNull();
    expect(document.querySelector('.lx-release-image--arranging')).toBeNull();

    fireEvent.click(screen.getByTestId('release-publish'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.images).toEqual([103, 101, 102]);
  });

  it('without a long press, the arrows are there for a keyboard (or a mouse) all the same', async () => {
    const { calls } = api();
    renderRelease();
    await threeUploaded();
    const first = tiles()[0]!;
    expect(first).not.toHaveClass('lx-release-image--arranging');
    const right = within(first).getByRole('button', { name: '后移' });
    right.focus();
    fireEvent.click(right);
    expect(tiles().map((t) => t.dataset.imageId)).toEqual(['102', '101', '103']);
    expect(document.activeElement).toBe(right);
    fireEvent.click(screen.getByTestId('release-publish'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.images).toEqual([102, 101, 103]);
  });

  it('keeps the uploaded images in the draft, in order, and shows them again', async () => {
    api();
    const first = renderRelease();
    await threeUploaded();
    fireEvent.click(within(tiles()[1]!).getByTestId('release-image-remove'));
    first.unmount();
    expect(storage.getDraft<{ images: { id: number }[] }>('post:1')?.images.map((i) => i.id)).toEqual([
      101, 103,
    ]);

    renderRelease();
    expect(tiles().map((t) => t.dataset.imageId)).toEqual(['101', '103']);
    expect(tiles()[0]!.querySelector('img')?.getAttribute('src')).toMatch(
      /^\/media\/u\/AbCdEfGhIjKlMnOpQrS101\.png@w\d+$/,
    );
  });

  it('nine at most', async () => {
    api();
    renderRelease();
    pick(...Array.from({ length: 10 }, (_, i) => png(`${i}.png`)));
    expect(await screen.findByText('最多 9 张图片')).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent.length).toBe(9), { timeout: 5000 });
    expect(tiles()).toHaveLength(9);
    expect(screen.queryByTestId('release-add-image')).toBeNull();
  });

  it('refuses a file that is not an image', async () => {
    const { calls } = api();
    renderRelease();
    pick(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('请选择 JPG、PNG、WebP 或 GIF 图片')).toBeInTheDocument();
    expect(screen.queryAllByTestId('release-image')).toHaveLength(0);
    expect(calls.some((c) => c.path === '/api/v1/upload/token')).toBe(false);
  });
});
