import { SETTING_GROUPS, type AdminSetting, type SettingGroup } from '@lingxi/contract';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton } from 'antd';
import { formatCount, formatYuan } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { SettingRows } from '../settings/setting-row';
import { useSettings } from '../settings/settings-api';
import './plans.css';

const GROUPS: SettingGroup[] = ['invite', 'creator', 'withdrawal'];

type Values = Record<string, number>;

/**
 * What the settings in force mean, worked through once (the same arithmetic as docs/money.md: commission and
 * creator earnings rounded down to a fen; the fee per mille, at least its minimum unless free).
 */
const EXAMPLES: Record<string, (v: Values) => string> = {
  invite: (v) =>
    `示例：好友通过邀请注册，邀请人得${formatCount(v.invite_inviter_chips!)}芯片、好友得${formatCount(v.invite_invitee_chips!)}芯片；` +
    `好友${formatCount(v.invite_commission_days!)}天内充值¥100，邀请人收益增加${formatYuan(Math.floor((10_000 * v.invite_commission_percent!) / 100))}。` +
    `每位邀请人每天最多奖励${formatCount(v.invite_daily_cap!)}人。`,
  creator: (v) =>
    `示例：他人一天在某个已发布的智能体上消耗10,000芯片，创作者当天收益${formatYuan(Math.floor(10_000 * v.creator_fen_per_chip!))}。`,
  withdrawal: (v) => {
    const amount = 10_000;
    const fee = v.withdrawal_fee_permille
      ? Math.max(v.withdrawal_fee_min_fen!, Math.floor((amount * v.withdrawal_fee_permille) / 1000))
      : 0;
    return (
      `示例：提现${formatYuan(amount)}，手续费${formatYuan(fee)}，到账${formatYuan(amount - fee)}；` +
      `单笔至少${formatYuan(v.withdrawal_min_fen!)}，每人每天最多${formatYuan(v.withdrawal_daily_max_fen!)}。`
    );
  },
};

/** /admin/money/rewards: the invite rewards, the creators' share and the withdrawal rules (docs/admin.md, Money). */
export default function RewardsPage() {
  const settings = useSettings();
  const inGroup = (g: SettingGroup) => (settings.data ?? []).filter((s: AdminSetting) => s.group === g);
  const values = Object.fromEntries((settings.data ?? []).map((s) => [s.key, s.value])) as Values;

  return (
    <>
      <PageHead
        title="邀请与创作者收益"
        description="每项单独保存，保存后立即生效；已发放的奖励和已提交的提现不受影响。"
      />
      {settings.isError ? (
        <Card>
          <Result
            status="error"
            title="设置加载失败"
            extra={<Button onClick={() => void settings.refetch()}>重试</Button>}
          />
        </Card>
      ) : (
        <div className="plans-stack">
          {GROUPS.map((g) => (
            <Card key={g} title={SETTING_GROUPS[g].label}>
              {settings.isPending ? (
                <Skeleton active />
              ) : (
                <>
                  <SettingRows settings={inGroup(g)} />
                  <p className="plan-note" data-testid={`example-${g}`}>
                    <InfoCircleOutlined /> {EXAMPLES[g]!(values)}
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
