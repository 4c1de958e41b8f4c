import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

interface VipCardProps {
  isVip: boolean;
  expiresAt: string | null;
  onOpen: () => void;
}

/** The membership banner: an offer for non-members, the expiry for members. */
export function VipCard({ isVip, expiresAt, onOpen }: VipCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <button type="button" className="lx-vip-card" onClick={onOpen}>
      <div className="lx-vip-card__text">
        <div className="lx-vip-card__title">
          {isVip ? t('mine.vipCardTitleMember') : t('mine.vipCardTitle')}
        </div>
        <div className="lx-vip-card__desc">
          {isVip && expiresAt
            ? t('mine.vipExpires', { date: format.date(expiresAt) })
            : t('mine.vipCardDesc')}
        </div>
      </div>
      <span className="lx-vip-card__cta">{isVip ? t('mine.vipRenew') : t('mine.vipOpen')}</span>
    </button>
  );
}
