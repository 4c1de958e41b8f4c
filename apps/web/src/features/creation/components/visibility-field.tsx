import { CheckCircleFill, GlobalOutline, LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { BotFormValues } from './bot-form-values';

type Visibility = BotFormValues['visibility'];

const OPTIONS: { key: Visibility; icon: React.ReactNode }[] = [
  { key: 'private', icon: <LockOutline /> },
  { key: 'public', icon: <GlobalOutline /> },
];

/** Private (only me, no review) or public (in discover once a review passes). */
export function VisibilityField({
  value,
  onChange,
}: {
  value: Visibility;
  onChange: (v: Visibility) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="lx-visibility" role="radiogroup" aria-label={t('creation.visibility.label')}>
      {OPTIONS.map((option) => {
        const active = option.key === value;
        return (
          <button
            key={option.key}
            type="button"
            role="radio"
            aria-checked={active}
            className={`lx-visibility__option${active ? ' lx-visibility__option--active' : ''}`}
            onClick={() => onChange(option.key)}
            data-testid={`visibility-${option.key}`}
          >
            <span className="lx-visibility__icon">{option.icon}</span>
            <span className="lx-visibility__text">
              <span className="lx-visibility__title">{t(`creation.visibility.${option.key}`)}</span>
              <span className="lx-visibility__desc">{t(`creation.visibility.${option.key}Desc`)}</span>
            </span>
            {active ? <CheckCircleFill className="lx-visibility__check" /> : null}
          </button>
        );
      })}
    </div>
  );
}
