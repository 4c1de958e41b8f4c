import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLogin, setLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { AvatarField } from './avatar-field';

// jsdom draws no images: the fake cropper reports a crop when tapped, and cropping yields a small PNG.
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper(props: { onCropComplete: (a: unknown, p: unknown) => void }) {
    return (
      <button
        type="button"
        data-testid="fake-cropper"
        onClick={() => props.onCropComplete({}, { x: 0, y: 0, width: 100, height: 100 })}
      />
    );
  },
}));
vi.mock('./crop-image', () => ({
  cropImage: () => Promise.resolve(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })),
}));

/** The browser's XMLHttpRequest, as the upload uses it: progress events, then the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  body: unknown = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
}

beforeEach(() => {
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
    setLogin('tok', makeUser());
    mockApi({
      'GET /api/v1/upload/token': {
        data: {
          token: 'g1',
          purpose: 'bot_avatar',
          max_bytes: 5242880,
          accept: ['image/png'],
          expires_at: '2099-01-01T00:00:00.000Z',
          upload_url: '/api/v1/upload',
          method: 'POST',
          fields: { token: 'g1' },
          headers: {},
          file_field: 'file',
          complete_url: null,
        },
      },
    });
    const onChange = vi.fn();
    const onUploading = vi.fn();
    renderWithProviders(<AvatarField value="" onChange={onChange} onUploadingChange={onUploading} />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
    fireEvent.click(await screen.findByTestId('fake-cropper'));
    fireEvent.click(screen.getByTestId('avatar-crop-confirm'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/v1/upload');
    expect((xhr.body as FormData).get('token')).toBe('g1');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(await screen.findByTestId('avatar-progress')).toHaveTextContent('40%');
    expect(onUploading).toHaveBeenLastCalledWith(true);
    xhr.status = 200;
    xhr.responseText = JSON.stringify({
      code: 0,
      msg: 'ok',
      data: { id: 1, url: '/media/u/AbCdEfGhIjKlMnOpQrStUv.png' },
    });
    act(() => xhr.onload?.());
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
