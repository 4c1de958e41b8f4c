import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { FakeXhr } from '../../../test/fake-xhr';
import { makeGrant, makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { AvatarField } from './avatar-field';

vi.mock('react-easy-crop', () => import('../../../test/fake-cropper'));
vi.mock('../../../lib/crop-image', () => import('../../../test/fake-cropper'));

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearLogin();
});

describe('avatar upload', () => {
  it('pick → crop → grant → multipart upload with progress → the uploaded URL', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/upload/token': { data: makeGrant('bot_avatar') } });
    const onChange = vi.fn();
    const onUploading = vi.fn();
    renderWithProviders(<AvatarField value="" onChange={onChange} onUploadingChange={onUploading} />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
    fireEvent.click(await screen.findByTestId('fake-cropper'));
    fireEvent.click(screen.getByTestId('avatar-crop-confirm'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe('/api/v1/upload');
    expect((xhr.body as FormData).get('token')).toBe('g1');
    expect(xhr.fileName).toBe('avatar.png');
    xhr.progress(40);
    expect(await screen.findByTestId('avatar-progress')).toHaveTextContent('40%');
    expect(onUploading).toHaveBeenLastCalledWith(true);
    xhr.answer({ code: 0, data: { id: 1, url: '/media/u/AbCdEfGhIjKlMnOpQrStUv.png' } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/media/u/AbCdEfGhIjKlMnOpQrStUv.png'));
    expect(onUploading).toHaveBeenLastCalledWith(false);
    expect(screen.queryByTestId('avatar-progress')).toBeNull();
  });

  it('refuses a file that is not an image before uploading anything', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<AvatarField value="" onChange={vi.fn()} onUploadingChange={vi.fn()} />);
    const file = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
    expect(await screen.findByText('请选择 JPG、PNG、WebP 或 GIF 图片')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
