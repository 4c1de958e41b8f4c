import { SETTING_GROUPS, type AdminSetting, type SettingGroup } from '@lingxi/contract';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatCount, formatYuan } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { SettingRows } from '../settings/setting-row';
import { groupLabel } from '../settings/setting-text';
import { useSettings } from '../settings/settings-api';
import './plans.css';

const GROUPS: SettingGroup[] = ['invite', 'creator', 'withdrawal'];

type Values = Record<string, number>;

/**
 * What the settings in force mean, worked through once (the same arithmetic as docs/money.md: commission and
 * creator earnings rounded down to a fen; the fee per mille, at least its minimum unless free).
 */
const EXAMPLES: Record<string, (t: TFunction, v: Values) => string> = {
  invite: (t, v) =>
    t('rewards.example.invite', {
      inviter: formatCount(v.invite_inviter_chips!),
      invitee: formatCount(v.invite_invitee_chips!),
      days: formatCount(v.invite_commission_days!),
      topUp: formatYuan(10_000),
      earned: formatYuan(Math.floor((10_000 * v.invite_commission_percent!) / 100)),
      cap: formatCount(v.invite_daily_cap!),
    }),
  creator: (t, v) =>
    t('rewards.example.creator', {
      chips: formatCount(10_000),
      earned: formatYuan(Math.floor(10_000 * v.creator_fen_per_chip!)),
    }),
  withdrawal: (t, v) => {
    const amount = 10_000;
    const fee = v.withdrawal_fee_permille
      ? Math.max(v.withdrawal_fee_min_fen!, Math.floor((amount * v.withdrawal_fee_permille) / 1000))
      : 0;
    return t('rewards.example.withdrawal', {
      amount: formatYuan(amount),
      fee: formatYuan(fee),
      net: formatYuan(amount - fee),
      min: formatYuan(v.withdrawal_min_fen!),
      max: formatYuan(v.withdrawal_daily_max_fen!),
    });
  },
};

/** /admin/money/rewards: the invite rewards, the creators' share and the withdrawal rules (docs/admin.md, Money). */
export default function RewardsPage() {
  const settings = useSettings();
  const { t } = useTranslation();
  const inGroup = (g: SettingGroup) => (settings.data ?? []).filter((s: AdminSetting) => s.group === g);
  const values = Object.fromEntries((settings.data ?? []).map((s) => [s.key, s.value])) as Values;

  return (
    <>
      <PageHead title={t('rewards.title')} description={t('rewards.description')} />
      {settings.isError ? (
        <Card>
          <Result
            status="error"
            title={t('settings.loadFailed')}
            extra={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
          />
        </Card>
      ) : (
        <div className="plans-stack">
          {GROUPS.map((g) => (
            <Card key={g} title={groupLabel(t, g, SETTING_GROUPS[g].label)}>
              {settings.isPending ? (
                <Skeleton active />
              ) : (
                <>
                  <SettingRows settings={inGroup(g)} />
                  <p className="plan-note" data-testid={`example-${g}`}>
                    <InfoCircleOutlined /> {EXAMPLES[g]!(t, values)}
                  </p>
                </>
              )}
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
