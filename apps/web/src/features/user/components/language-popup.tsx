import { LOCALES, type Locale } from '@lingxi/contract';
import { CheckList, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES } from '../../../lib/i18n';

interface LanguagePopupProps {
  visible: boolean;
  value: Locale;
  onClose: () => void;
  onSelect: (locale: Locale) => void;
}

/** The five locales of the client contract, each named in its own language. */
export function LanguagePopup({ visible, value, onClose, onSelect }: LanguagePopupProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="lx-sheet" showCloseButton>
      <div className="lx-sheet__title">{t('setting.language')}</div>
      <CheckList
        value={[value]}
        onChange={(values) => {
          const next = values[0];
          if (next) onSelect(next as Locale);
        }}
      >
        {LOCALES.map((locale) => (
          <CheckList.Item key={locale} value={locale}>
            {LOCALE_NAMES[locale]}
          </CheckList.Item>
        ))}
      </CheckList>
    </Popup>
  );
}
