import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

interface VipCardProps {
  isVip: boolean;
  expiresAt: string | null;
  onOpen: () => void;
}

/** The membership banner: an offer for non-members, the expiry for members. */
export function VipCard({ isVip, expiresAt, onOpen }: VipCardProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="lx-vip-card" onClick={onOpen}>
      <div className="lx-vip-card__text">
        <div className="lx-vip-card__title">
          {isVip ? t('mine.vipCardTitleMember') : t('mine.vipCardTitle')}
        </div>
        <div className="lx-vip-card__desc">
          {isVip && expiresAt
            ? t('mine.vipExpires', { date: dayjs(expiresAt).format('YYYY-MM-DD') })
            : t('mine.vipCardDesc')}
        </div>
      </div>
      <span className="lx-vip-card__cta">{isVip ? t('mine.vipRenew') : t('mine.vipOpen')}</span>
    </button>
  );
}
