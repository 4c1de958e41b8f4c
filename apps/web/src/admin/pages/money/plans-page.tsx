import type { AdminSetting, ChipPackageSetting, SettingKey, VipTierSetting } from '@lingxi/contract';
import { Button, Card, Result, Skeleton } from 'antd';
import { PageHead } from '../../ui/page-head';
import { SettingRows } from '../settings/setting-row';
import { useSettings } from '../settings/settings-api';
import { PACKAGE_COLUMNS, TIER_COLUMNS } from './plan-columns';
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
const ORDERS_KEEP = '已创建的订单按下单时的价格支付和发放，不受本次修改影响。';

/** /admin/money/plans: the member tiers and chip packages the member centre sells, and the member rules. */
export default function PlansPage() {
  const settings = useSettings();
  const byKey = (key: SettingKey) => settings.data?.find((s) => s.key === key);
  const tiers = byKey('vip_tiers');
  const packages = byKey('chip_packages');
  const keyed = (s: AdminSetting) => `${s.key}:${JSON.stringify(s.value)}`;

  return (
    <>
      <PageHead
        title="会员与芯片套餐"
        description="会员中心按表格顺序展示套餐；金额以元填写。保存前会列出改动并请你确认，保存后立即生效。"
      />
      {settings.isError ? (
        <Card>
          <Result
            status="error"
            title="套餐加载失败"
            extra={<Button onClick={() => void settings.refetch()}>重试</Button>}
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
            columns={TIER_COLUMNS}
            nameOf={(r) => r.name}
            planName={(t) => t.name}
            notes={[ORDERS_KEEP]}
            removalNote="下架的会员套餐：已购买的会员到期前照常有效，每月赠送芯片按第一个会员套餐发放。"
          />
          <PlanCard<PackageDraft, ChipPackageSetting>
            key={keyed(packages)}
            setting={packages}
            drafts={packageDrafts}
            wire={packagesOf}
            newRow={newPackage}
            columns={PACKAGE_COLUMNS}
            nameOf={(r) => (r.chips ? `${r.chips}芯片` : r.id)}
            planName={(p) => `${p.chips}芯片`}
            notes={[ORDERS_KEEP]}
          />
          <Card title="会员与订单规则">
            <SettingRows settings={RULES.map(byKey).filter((s): s is AdminSetting => !!s)} />
          </Card>
        </div>
      )}
    </>
  );
}
