import type { AdminSetting, ChipPackageSetting, SettingKey, VipTierSetting } from '@lingxi/contract';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHead } from '../../ui/page-head';
import { SettingRows } from '../settings/setting-row';
import { useSettings } from '../settings/settings-api';
import { packageColumns, tierColumns } from './plan-columns';
import { PlanCard } from './plan-card';
import {
  newPackage,
  newTier,
  packageDrafts,
  packagesOf,
  tierDrafts,
  tiersOf,
  type PackageDraft,
  type TierDraft,
} from './plans-draft';
import './plans.css';

const RULES: SettingKey[] = ['vip_discount_percent', 'vip_expiry_notice_days', 'order_close_minutes'];

/** /admin/money/plans: the member tiers and chip packages the member centre sells, and the member rules. */
export default function PlansPage() {
  const settings = useSettings();
  const { t } = useTranslation();
  const ordersKeep = t('plans.ordersKeep');
  const byKey = (key: SettingKey) => settings.data?.find((s) => s.key === key);
  const tiers = byKey('vip_tiers');
  const packages = byKey('chip_packages');
  const keyed = (s: AdminSetting) => `${s.key}:${JSON.stringify(s.value)}`;

  return (
    <>
      <PageHead title={t('plans.title')} description={t('plans.description')} />
      {settings.isError ? (
        <Card>
          <Result
            status="error"
            title={t('plans.loadFailed')}
            extra={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
          />
        </Card>
      ) : !tiers || !packages ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <div className="plans-stack">
          <PlanCard<TierDraft, VipTierSetting>
            key={keyed(tiers)}
            setting={tiers}
            drafts={tierDrafts}
            wire={tiersOf}
            newRow={newTier}
            columns={tierColumns(t)}
            nameOf={(r) => r.name}
            planName={(tier) => tier.name}
            notes={[ordersKeep]}
            removalNote={t('plans.removalNote')}
          />
          <PlanCard<PackageDraft, ChipPackageSetting>
            key={keyed(packages)}
            setting={packages}
            drafts={packageDrafts}
            wire={packagesOf}
            newRow={newPackage}
            columns={packageColumns(t)}
            nameOf={(r) => (r.chips ? t('plans.chipsName', { count: r.chips }) : r.id)}
            planName={(p) => t('plans.chipsName', { count: p.chips })}
            notes={[ordersKeep]}
          />
          <Card title={t('plans.rules')}>
            <SettingRows settings={RULES.map(byKey).filter((s): s is AdminSetting => !!s)} />
          </Card>
        </div>
      )}
    </>
  );
}
