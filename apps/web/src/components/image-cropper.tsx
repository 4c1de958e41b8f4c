import { Button, Popup, Slider } from 'antd-mobile';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import './image-cropper.css';

interface ImageCropperProps {
  /** The picked image (an object URL); null closes the sheet. */
  src: string | null;
  /** The sheet's title, e.g. "裁剪头像". */
  title: string;
  /** Width over height of the crop; square by default. */
  aspect?: number;
  /** The confirm button's text; "使用此图片" by default. */
  confirmText?: string;
  /** Test ids: `{testId}-cropper`, `{testId}-crop-confirm`. */
  testId?: string;
  onCancel: () => void;
  onConfirm: (area: Area) => void;
}

/** A crop of the picked image (square by default): drag to move, pinch or slide to zoom. */
export function ImageCropper({
  src,
  title,
  aspect = 1,
  testId = 'image',
  confirmText,
  onCancel,
  onConfirm,
}: ImageCropperProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Popup
      visible={src !== null}
      onClose={onCancel}
      destroyOnClose
      afterClose={() => {
        setCrop({ x: 0, y: 0 });
        setZoom(1);
        setArea(null);
      }}
      bodyClassName="lx-cropper"
    >
      <div className="lx-cropper__bar">
        <button type="button" className="lx-cropper__text-button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <span className="lx-cropper__title">{title}</span>
        <span className="lx-cropper__spacer" />
      </div>
      <div className="lx-cropper__stage" data-testid={`${testId}-cropper`}>
        {src ? (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={aspect}
            objectFit="cover"
            maxZoom={4}
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        ) : null}
      </div>
      <div className="lx-cropper__controls">
        <span className="lx-cropper__zoom-label">{t('imageCrop.zoom')}</span>
        <Slider min={1} max={4} step={0.01} value={zoom} onChange={(v) => setZoom(v as number)} />
      </div>
      <div className="lx-cropper__actions">
        <Button
          block
          shape="rounded"
          color="primary"
          className="lx-primary-button"
          disabled={!area}
          onClick={() => {
            if (area) onConfirm(area);
          }}
          data-testid={`${testId}-crop-confirm`}
        >
          {confirmText ?? t('imageCrop.use')}
        </Button>
      </div>
    </Popup>
  );
}
