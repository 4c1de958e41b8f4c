import type { UploadPurpose } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../../components/image-upload-field';
import { KnowledgeCover } from './knowledge-cover';

/** What the server accepts as a base's cover: an image this user uploaded for this purpose. */
export const COVER_PURPOSE: UploadPurpose = 'post_image';
const COVER_SIZE = 88;

interface CoverFieldProps {
  value: string;
  seed: number;
  onChange: (url: string) => void;
  /** Tells the page an upload is running (saving waits for it). */
  onUploadingChange: (uploading: boolean) => void;
}

/** A base's cover: upload an image with a square crop, or go back to the default cover. */
export function CoverField({ value, seed, onChange, onUploadingChange }: CoverFieldProps) {
  const { t } = useTranslation();
  return (
    <ImageUploadField
      purpose={COVER_PURPOSE}
      name="cover"
      radius={20}
      renderImage={(preview, className) =>
        preview ? (
          <img
            className={`lx-kb-cover ${className}`}
            src={preview}
            alt=""
            width={COVER_SIZE}
            height={COVER_SIZE}
          />
        ) : (
          <KnowledgeCover cover={value} seed={seed} size={COVER_SIZE} className={className} />
        )
      }
      alternative={{ key: 'default', text: t('knowledge.form.coverDefault'), onClick: () => onChange('') }}
      // No cover yet: the only choice is to upload one.
      pickDirectly={!value}
      labels={{
        change: t('knowledge.form.coverChange'),
        hint: t('knowledge.form.coverHint'),
        upload: t('knowledge.form.coverUpload'),
        cropTitle: t('knowledge.form.coverCrop'),
        badType: t('knowledge.form.coverBadType'),
        cropFailed: t('knowledge.form.coverCropFailed'),
        tooLarge: (mb) => t('knowledge.form.coverTooLarge', { mb }),
        uploaded: t('knowledge.form.coverUploaded'),
      }}
      onChange={onChange}
      onUploadingChange={onUploadingChange}
    />
  );
}
