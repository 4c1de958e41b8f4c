import { Button, Popup, Slider } from 'antd-mobile';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import './avatar-cropper.css';

interface AvatarCropperProps {
  /** The picked image (an object URL); null closes the sheet. */
  src: string | null;
  onCancel: () => void;
  onConfirm: (area: Area) => void;
}

/** A square crop of the picked image: drag to move, pinch or slide to zoom. */
export function AvatarCropper({ src, onCancel, onConfirm }: AvatarCropperProps) {
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
        <span className="lx-cropper__title">{t('creation.avatar.cropTitle')}</span>
        <span className="lx-cropper__spacer" />
      </div>
      <div className="lx-cropper__stage" data-testid="avatar-cropper">
        {src ? (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
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
        <span className="lx-cropper__zoom-label">{t('creation.avatar.zoom')}</span>
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
          data-testid="avatar-crop-confirm"
        >
          {t('creation.avatar.useCrop')}
        </Button>
      </div>
    </Popup>
  );
}
