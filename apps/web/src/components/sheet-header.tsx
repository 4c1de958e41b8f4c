import { CloseOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './sheet-header.css';

/** A bottom sheet's top bar: the title in the middle, a close button at the right, a line below. */
export function SheetHeader({ title, onClose }: { title: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="lx-sheet-header">
      <span className="lx-sheet-header__title">{title}</span>
      <button
        type="button"
        className="lx-sheet-header__close"
        onClick={onClose}
        aria-label={t('common.close')}
      >
        <CloseOutline />
      </button>
    </div>
  );
}
