import { BIO_MAX } from '@lingxi/contract';
import { Button, Popup, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface BioPopupProps {
  visible: boolean;
  initial: string;
  saving: boolean;
  onClose: () => void;
  onSave: (bio: string) => void;
}

/** Edit the bio in a sheet: at most 140 characters, with a counter. */
export function BioPopup({ visible, initial, saving, onClose, onSave }: BioPopupProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterShow={() => setValue(initial)}
      bodyClassName="lx-sheet"
      showCloseButton
    >
      <div className="lx-sheet__title">{t('info.bio')}</div>
      <div className="lx-bio-popup">
        <TextArea
          value={value}
          onChange={setValue}
          placeholder={t('info.bioPlaceholder')}
          maxLength={BIO_MAX}
          showCount
          autoSize={{ minRows: 4, maxRows: 8 }}
          aria-label={t('info.bio')}
        />
        <Button
          block
          shape="rounded"
          color="primary"
          className="lx-primary-button"
          loading={saving}
          onClick={() => onSave(value.trim())}
        >
          {t('common.save')}
        </Button>
      </div>
    </Popup>
  );
}
