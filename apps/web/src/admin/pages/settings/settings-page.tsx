import { SETTING_GROUPS, type AdminSetting, type SettingGroup } from '@lingxi/contract';
import { Alert, Anchor, Button, Card, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { PageHead } from '../../ui/page-head';
import { SettingRows } from './setting-row';
import { useSettings } from './settings-api';
import './settings.css';

const GROUPS = (Object.keys(SETTING_GROUPS) as SettingGroup[]).filter(
  (g) => SETTING_GROUPS[g].page === 'settings',
);

/** Where the money settings are edited: their own pages, with the same endpoints. */
const ELSEWHERE = [
  {
    to: '/admin/money/plans',
    title: '会员与芯片套餐',
    text: '会员套餐、芯片套餐、会员折扣、到期提醒、订单支付时限',
  },
  {
    to: '/admin/money/rewards',
    title: '邀请与创作者收益',
    text: '邀请奖励与分成、创作者分成、提现门槛与手续费',
  },
];

/** /admin/settings: every operator setting outside the money pages, by group (docs/admin.md, Settings). */
export default function SettingsPage() {
  const settings = useSettings();
  const inGroup = (g: SettingGroup) => (settings.data ?? []).filter((s: AdminSetting) => s.group === g);

  return (
    <>
      <PageHead
        title="系统设置"
        description="每项单独保存，保存后立即生效（多台服务器时最迟5秒）；每次修改都记入操作日志。"
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
        <div className="settings-layout">
          <div className="settings-layout__nav">
            <Anchor
              offsetTop={72}
              items={[
                ...GROUPS.map((g) => ({ key: g, href: `#group-${g}`, title: SETTING_GROUPS[g].label })),
                { key: 'elsewhere', href: '#group-elsewhere', title: '资金相关设置' },
              ]}
            />
          </div>
          <div>
            {GROUPS.map((g) => (
              <Card key={g} id={`group-${g}`} title={SETTING_GROUPS[g].label}>
                {g === 'hosts' ? (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 12 }}
                    message="用户在旧域名上打开应用时，会看到不可关闭的弹窗，引导前往新地址。旧域名填写浏览器地址栏中的主机名（非默认端口需带端口）。"
                  />
                ) : null}
                {settings.isPending ? <Skeleton active /> : <SettingRows settings={inGroup(g)} />}
              </Card>
            ))}
            <Card id="group-elsewhere" title="资金相关设置">
              {ELSEWHERE.map((e) => (
                <div key={e.to} className="setting-row">
                  <div>
                    <div className="setting-row__label">{e.title}</div>
                    <div className="setting-row__help">{e.text}</div>
                  </div>
                  <div />
                  <div className="setting-row__actions">
                    <Link to={e.to}>前往编辑</Link>
                  </div>
                </div>
              ))}
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
