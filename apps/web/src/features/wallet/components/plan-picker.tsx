import type { ChipPackage, MemberPlans, OrderKind, VipTier } from '@lingxi/contract';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money-text';
import { useFormat } from '../../../lib/format';

export interface Selection {
  kind: OrderKind;
  id: string;
}

interface PlanPickerProps {
  plans: MemberPlans;
  selected: Selection | null;
  onSelect: (selection: Selection) => void;
}

function Tier({ tier, selected, onSelect }: { tier: VipTier; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <button
      type="button"
      className={`lx-tier${selected ? ' lx-tier--selected' : ''}`}
      aria-pressed={selected}
      onClick={onSelect}
      data-testid={`tier-${tier.id}`}
    >
      <span className="lx-tier__name">{tier.name}</span>
      <span className="lx-tier__price">
        <MoneyText fen={tier.price_fen} price />
      </span>
      {tier.original_price_fen && tier.original_price_fen > tier.price_fen ? (
        <s className="lx-tier__original">{format.money(tier.original_price_fen, { price: true })}</s>
      ) : (
        <span className="lx-tier__original" />
      )}
      <span className="lx-tier__days">{t('wallet.tierDays', { count: tier.days })}</span>
      {selected ? (
        <span className="lx-tier__check" aria-hidden="true">
          <CheckOutline />
        </span>
      ) : null}
    </button>
  );
}

function Package({
  pack,
  selected,
  onSelect,
}: {
  pack: ChipPackage;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <button
      type="button"
      className={`lx-package${selected ? ' lx-package--selected' : ''}`}
      aria-pressed={selected}
      onClick={onSelect}
      data-testid={`package-${pack.id}`}
    >
      {pack.tag ? <span className="lx-package__tag">{pack.tag}</span> : null}
      <span className="lx-package__chips">
        {format.number(pack.chips)}
        <small>{t('wallet.chipsUnit')}</small>
      </span>
      <span className="lx-package__price">{format.money(pack.price_fen, { price: true })}</span>
    </button>
  );
}

/** The VIP tiers (with the selected tier's benefits) and the chip packages: one of them is chosen to pay for. */
export function PlanPicker({ plans, selected, onSelect }: PlanPickerProps) {
  const { t } = useTranslation();
  const tier = selected?.kind === 'vip' ? plans.tiers.find((x) => x.id === selected.id) : undefined;
  const benefits = tier ?? plans.tiers[0];
  return (
    <>
      {plans.tiers.length > 0 ? (
        <section className="lx-card lx-plan-section">
          <h2 className="lx-plan-section__title">{t('wallet.tiersTitle')}</h2>
          <div className="lx-tiers">
            {plans.tiers.map((x) => (
              <Tier
                key={x.id}
                tier={x}
                selected={selected?.kind === 'vip' && selected.id === x.id}
                onSelect={() => onSelect({ kind: 'vip', id: x.id })}
              />
            ))}
          </div>
          {benefits ? (
            <div className="lx-benefits" data-testid="benefits">
              <div className="lx-benefits__title">{t('wallet.benefitsOf', { name: benefits.name })}</div>
              <ul>
                {benefits.monthly_chips > 0 ? (
                  <li>{t('wallet.benefitGrant', { count: benefits.monthly_chips })}</li>
                ) : null}
                {plans.vip_discount_percent > 0 ? (
                  <li>{t('wallet.benefitDiscount', { percent: plans.vip_discount_percent })}</li>
                ) : null}
                {benefits.benefits.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="lx-benefits__note">{t('wallet.grantNote')}</p>
            </div>
          ) : null}
        </section>
      ) : null}

      {plans.packages.length > 0 ? (
        <section className="lx-card lx-plan-section">
          <h2 className="lx-plan-section__title">{t('wallet.packagesTitle')}</h2>
          <div className="lx-packages">
            {plans.packages.map((x) => (
              <Package
                key={x.id}
                pack={x}
                selected={selected?.kind === 'chips' && selected.id === x.id}
                onSelect={() => onSelect({ kind: 'chips', id: x.id })}
              />
            ))}
          </div>
          {plans.vip_discount_percent > 0 ? (
            <p className="lx-plan-section__discount" data-testid="discount-line">
              {t('wallet.discountLine', { percent: plans.vip_discount_percent })}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** The chosen tier or package, with its price and a title for the cashier. */
export function describeSelection(plans: MemberPlans, selection: Selection | null) {
  if (!selection) return null;
  if (selection.kind === 'vip') {
    const tier = plans.tiers.find((x) => x.id === selection.id);
    return tier ? { priceFen: tier.price_fen, name: tier.name, chips: 0 } : null;
  }
  const pack = plans.packages.find((x) => x.id === selection.id);
  return pack ? { priceFen: pack.price_fen, name: '', chips: pack.chips } : null;
}
