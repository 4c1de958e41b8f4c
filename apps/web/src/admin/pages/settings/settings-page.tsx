import { SETTING_GROUPS, type AdminSetting, type SettingGroup } from '@lingxi/contract';
import { Alert, Anchor, Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHead } from '../../ui/page-head';
import { SettingRows } from './setting-row';
import { useSettings } from './settings-api';
import { groupLabel } from './setting-text';
import './settings.css';

const GROUPS = (Object.keys(SETTING_GROUPS) as SettingGroup[]).filter(
  (g) => SETTING_GROUPS[g].page === 'settings',
);

/** Where the money settings are edited: their own pages, with the same endpoints (texts `settings.elsewhere`). */
const ELSEWHERE = [
  { key: 'plans', to: '/admin/money/plans' },
  { key: 'rewards', to: '/admin/money/rewards' },
] as const;

/** /admin/settings: every operator setting outside the money pages, by group (docs/admin.md, Settings). */
export default function SettingsPage() {
  const settings = useSettings();
  const { t } = useTranslation();
  const title = (g: SettingGroup) => groupLabel(t, g, SETTING_GROUPS[g].label);
  const inGroup = (g: SettingGroup) => (settings.data ?? []).filter((s: AdminSetting) => s.group === g);

  return (
    <>
      <PageHead title={t('settings.title')} description={t('settings.description')} />
      {settings.isError ? (
        <Card>
          <Result
            status="error"
            title={t('settings.loadFailed')}
            extra={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
          />
        </Card>
      ) : (
        <div className="settings-layout">
          <div className="settings-layout__nav">
            <Anchor
              offsetTop={72}
              items={[
                ...GROUPS.map((g) => ({ key: g, href: `#group-${g}`, title: title(g) })),
                { key: 'elsewhere', href: '#group-elsewhere', title: t('settings.elsewhere.title') },
              ]}
            />
          </div>
          <div>
            {GROUPS.map((g) => (
              <Card key={g} id={`group-${g}`} title={title(g)}>
                {g === 'hosts' ? (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 12 }}
                    message={t('settings.hostsNote')}
                  />
                ) : null}
                {settings.isPending ? <Skeleton active /> : <SettingRows settings={inGroup(g)} />}
              </Card>
            ))}
            <Card id="group-elsewhere" title={t('settings.elsewhere.title')}>
              {ELSEWHERE.map((e) => (
                <div key={e.to} className="setting-row">
                  <div>
                    <div className="setting-row__label">{t(`settings.elsewhere.${e.key}.title`)}</div>
                    <div className="setting-row__help">{t(`settings.elsewhere.${e.key}.text`)}</div>
                  </div>
                  <div />
                  <div className="setting-row__actions">
                    <Link to={e.to}>{t('settings.elsewhere.go')}</Link>
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
