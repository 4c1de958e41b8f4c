import { UPLOAD_RULES } from '@lingxi/contract';
import { ActionSheet, ProgressCircle, Toast } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from '../../../components/bot-avatar';
import { checkUploadFile, uploadFile } from '../../../lib/upload';
import { AvatarCropper } from './avatar-cropper';
import { generatedAvatar } from './bot-form-values';
import { cropImage } from './crop-image';

const RULE = UPLOAD_RULES.bot_avatar;
const AVATAR_SIZE = 88;

interface AvatarFieldProps {
  value: string;
  onChange: (url: string) => void;
  /** Tells the page an upload is running (saving waits for it). */
  onUploadingChange: (uploading: boolean) => void;
}

/** The bot's avatar: upload an image with a square crop, or roll a generated one. */
export function AvatarField({ value, onChange, onUploadingChange }: AvatarFieldProps) {
  const { t } = useTranslation();
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
    if (checkUploadFile(file, 'bot_avatar') === 'type') {
      Toast.show({ content: t('creation.avatar.badType') });
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
      Toast.show({ content: t('creation.avatar.cropFailed') });
      return;
    } finally {
      URL.revokeObjectURL(source.url);
    }
    if (checkUploadFile(blob, 'bot_avatar') === 'size') {
      Toast.show({ content: t('creation.avatar.tooLarge', { mb: RULE.maxBytes / 1024 / 1024 }) });
      return;
    }
    const preview = URL.createObjectURL(blob);
    setUploading({ preview, progress: 0 });
    onUploadingChange(true);
    try {
      const ext = blob.type === 'image/jpeg' ? 'jpg' : 'png';
      const info = await uploadFile(blob, {
        purpose: 'bot_avatar',
        fileName: `avatar.${ext}`,
        onProgress: (fraction) => setUploading((u) => (u ? { ...u, progress: fraction } : u)),
      });
      onChange(info.url);
      Toast.show({ icon: 'success', content: t('creation.avatar.uploaded') });
    } catch {
      // The request client already told the user why.
    } finally {
      URL.revokeObjectURL(preview);
      setUploading(null);
      onUploadingChange(false);
    }
  };

  return (
    <div className="lx-avatar-field">
      <button
        type="button"
        className="lx-avatar-field__button"
        onClick={() => !uploading && setSheet(true)}
        aria-label={t('creation.avatar.change')}
        data-testid="avatar-button"
      >
        <BotAvatar src={uploading?.preview ?? value} size={AVATAR_SIZE} className="lx-avatar-field__image" />
        {uploading ? (
          <span className="lx-avatar-field__progress" data-testid="avatar-progress">
            <ProgressCircle percent={Math.round(uploading.progress * 100)} style={{ '--size': '44px' }}>
              <span className="lx-avatar-field__percent">{Math.round(uploading.progress * 100)}%</span>
            </ProgressCircle>
          </span>
        ) : (
          <span className="lx-avatar-field__camera" aria-hidden="true">
            <CameraOutline />
          </span>
        )}
      </button>
      <span className="lx-avatar-field__hint">{t('creation.avatar.hint')}</span>
      <input
        ref={inputRef}
        type="file"
        accept={RULE.accept.join(',')}
        hidden
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid="avatar-file"
      />
      <ActionSheet
        visible={sheet}
        onClose={() => setSheet(false)}
        cancelText={t('common.cancel')}
        actions={[
          { key: 'upload', text: t('creation.avatar.upload'), onClick: () => inputRef.current?.click() },
          {
            key: 'generate',
            text: t('creation.avatar.generate'),
            onClick: () => onChange(generatedAvatar()),
          },
        ]}
        onAction={() => setSheet(false)}
      />
      <AvatarCropper src={picked?.url ?? null} onCancel={cancelCrop} onConfirm={(a) => void onCropped(a)} />
    </div>
  );
}
