import { UPLOAD_RULES, type UploadPurpose } from '@lingxi/contract';
import { ActionSheet, ProgressCircle, Toast } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { cropImage } from '../lib/crop-image';
import { checkUploadFile, uploadFile } from '../lib/upload';
import { ImageCropper } from './image-cropper';
import './image-upload-field.css';

/** The field's words, already translated: each use speaks of its own image (an avatar, a cover). */
export interface ImageUploadLabels {
  /** The button's accessible name. */
  change: string;
  hint: string;
  /** The sheet's upload choice. */
  upload: string;
  cropTitle: string;
  /** The cropper's confirm button; its own default when absent. */
  cropConfirm?: string;
  badType: string;
  cropFailed: string;
  tooLarge: (mb: number) => string;
  uploaded: string;
}

interface ImageUploadFieldProps {
  purpose: UploadPurpose;
  /** Names the uploaded file (`{name}.png`) and the test ids: `{name}-button`, `-progress`, `-file`, `-cropper`. */
  name: string;
  /** The image in the button, with `className` on it; `preview` is the cropped image while it uploads. */
  renderImage: (preview: string | null, className: string) => ReactNode;
  /** The sheet's other choice besides uploading (a generated avatar, the default cover). */
  alternative: { key: string; text: string; onClick: () => void };
  /** Go straight to the file picker, without the sheet (nothing to go back to yet). */
  pickDirectly?: boolean;
  /** Corner radius of the image and the progress veil, in px. */
  radius: number;
  labels: ImageUploadLabels;
  onChange: (url: string) => void;
  /** Tells the page an upload is running (saving waits for it). */
  onUploadingChange: (uploading: boolean) => void;
}

/** An image upload with a square crop and progress, or the sheet's other choice. */
export function ImageUploadField({
  purpose,
  name,
  renderImage,
  alternative,
  pickDirectly = false,
  radius,
  labels,
  onChange,
  onUploadingChange,
}: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const rule = UPLOAD_RULES[purpose];
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ url: string; type: string } | null>(null);
  const [uploading, setUploading] = useState<{ preview: string; progress: number } | null>(null);
  const [sheet, setSheet] = useState(false);

  const cancelCrop = () => {
    if (picked) URL.revokeObjectURL(picked.url);
    setPicked(null);
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (checkUploadFile(file, purpose) === 'type') {
      Toast.show({ content: labels.badType });
      return;
    }
    setPicked({ url: URL.createObjectURL(file), type: file.type });
  };

  const onCropped = async (area: Area) => {
    if (!picked) return;
    const source = picked;
    setPicked(null);
    let blob: Blob;
    try {
      blob = await cropImage(source.url, area, source.type);
    } catch {
      Toast.show({ content: labels.cropFailed });
      return;
    } finally {
      URL.revokeObjectURL(source.url);
    }
    if (checkUploadFile(blob, purpose) === 'size') {
      Toast.show({ content: labels.tooLarge(rule.maxBytes / 1024 / 1024) });
      return;
    }
    const preview = URL.createObjectURL(blob);
    setUploading({ preview, progress: 0 });
    onUploadingChange(true);
    try {
      const info = await uploadFile(blob, {
        purpose,
        fileName: `${name}.${blob.type === 'image/jpeg' ? 'jpg' : 'png'}`,
        onProgress: (fraction) => setUploading((u) => (u ? { ...u, progress: fraction } : u)),
      });
      onChange(info.url);
      Toast.show({ icon: 'success', content: labels.uploaded });
    } catch {
      // The request client already told the user why.
    } finally {
      URL.revokeObjectURL(preview);
      setUploading(null);
      onUploadingChange(false);
    }
  };

  const percent = Math.round((uploading?.progress ?? 0) * 100);
  return (
    <div className="lx-image-field" style={{ '--lx-image-field-radius': `${radius}px` } as CSSProperties}>
      <button
        type="button"
        className="lx-image-field__button"
        onClick={() => {
          if (uploading) return;
          if (pickDirectly) inputRef.current?.click();
          else setSheet(true);
        }}
        aria-label={labels.change}
        data-testid={`${name}-button`}
      >
        {renderImage(uploading?.preview ?? null, 'lx-image-field__image')}
        {uploading ? (
          <span className="lx-image-field__progress" data-testid={`${name}-progress`}>
            <ProgressCircle percent={percent} style={{ '--size': '44px' }}>
              <span className="lx-image-field__percent">{percent}%</span>
            </ProgressCircle>
          </span>
        ) : (
          <span className="lx-image-field__camera" aria-hidden="true">
            <CameraOutline />
          </span>
        )}
      </button>
      <span className="lx-image-field__hint">{labels.hint}</span>
      <input
        ref={inputRef}
        type="file"
        accept={rule.accept.join(',')}
        hidden
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid={`${name}-file`}
      />
      <ActionSheet
        visible={sheet}
        onClose={() => setSheet(false)}
        cancelText={t('common.cancel')}
        actions={[
          { key: 'upload', text: labels.upload, onClick: () => inputRef.current?.click() },
          alternative,
        ]}
        onAction={() => setSheet(false)}
      />
      <ImageCropper
        src={picked?.url ?? null}
        title={labels.cropTitle}
        confirmText={labels.cropConfirm}
        testId={name}
        onCancel={cancelCrop}
        onConfirm={(a) => void onCropped(a)}
      />
    </div>
  );
}
