import { useTranslation } from 'react-i18next';
import { BotAvatar } from '../../../components/bot-avatar';
import { ImageUploadField } from '../../../components/image-upload-field';
import { generatedAvatar } from './bot-form-values';

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
  return (
    <ImageUploadField
      purpose="bot_avatar"
      name="avatar"
      radius={22}
      renderImage={(preview, className) => (
        <BotAvatar src={preview ?? value} size={AVATAR_SIZE} className={className} />
      )}
      alternative={{
        key: 'generate',
        text: t('creation.avatar.generate'),
        onClick: () => onChange(generatedAvatar()),
      }}
      labels={{
        change: t('creation.avatar.change'),
        hint: t('creation.avatar.hint'),
        upload: t('creation.avatar.upload'),
        cropTitle: t('creation.avatar.cropTitle'),
        cropConfirm: t('creation.avatar.useCrop'),
        badType: t('creation.avatar.badType'),
        cropFailed: t('creation.avatar.cropFailed'),
        tooLarge: (mb) => t('creation.avatar.tooLarge', { mb }),
        uploaded: t('creation.avatar.uploaded'),
      }}
      onChange={onChange}
      onUploadingChange={onUploadingChange}
    />
  );
}
