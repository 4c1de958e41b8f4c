/**
 * jsdom draws no images. Stand-ins for react-easy-crop (tapping it reports a crop) and for lib/crop-image
 * (cropping yields a small PNG); install both with
 * `vi.mock('react-easy-crop', () => import('…/test/fake-cropper'))` and
 * `vi.mock('…/lib/crop-image', () => import('…/test/fake-cropper'))`.
 */
export default function FakeCropper(props: { onCropComplete: (a: unknown, p: unknown) => void }) {
  return (
    <button
      type="button"
      data-testid="fake-cropper"
      onClick={() => props.onCropComplete({}, { x: 0, y: 0, width: 100, height: 100 })}
    />
  );
}

export const cropImage = () =>
  Promise.resolve(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
