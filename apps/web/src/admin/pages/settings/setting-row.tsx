import type { AdminSetting } from '@lingxi/contract';
import { Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { SettingEditor } from './setting-editor';
import { formatSetting } from './setting-format';
import { settingHelp, settingLabel } from './setting-text';
import { checkSetting, sameValue, useResetSetting, useSaveSetting } from './settings-api';
import './settings.css';

/**
 * One setting (docs/admin.md, Settings): what it is, its editor, the default (and 恢复默认 when an operator's value
 * is in force), saved on its own after the catalogue's schema accepts it. Mounted again when the value in force
 * changes (its key holds the value), which starts the draft over.
 */
export function SettingRow({ setting: s }: { setting: AdminSetting }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<unknown>(s.value);
  const save = useSaveSetting();
  const reset = useResetSetting();
  const dirty = !sameValue(draft, s.value);
  const issues = dirty ? checkSetting(t, s.key, draft) : [];
  const busy = save.isPending || reset.isPending;
  const label = settingLabel(t, s);

  return (
    <div className="setting-row" id={`setting-${s.key}`} data-testid={`setting-${s.key}`}>
      <div>
        <div className="setting-row__label">
          {label}
          {s.overridden ? <Tag color="purple">{t('settings.row.overridden')}</Tag> : null}
        </div>
        <div className="setting-row__help">{settingHelp(t, s)}</div>
        <div className="setting-row__meta">
          {t('settings.row.default', { value: formatSetting(t, s, s.default) })}
          {s.overridden ? (
            <>
              {' · '}
              <Popconfirm
                title={t('settings.row.resetTitle')}
                description={t('settings.row.resetText', {
                  label,
                  value: formatSetting(t, s, s.default),
                })}
                okText={t('settings.row.reset')}
                cancelText={t('common.cancel')}
                onConfirm={() => reset.mutateAsync(s.key)}
              >
                <a>{t('settings.row.reset')}</a>
              </Popconfirm>
              {s.updated_at ? ` · ${t('settings.row.updatedAt', { time: formatTime(s.updated_at) })}` : null}
            </>
          ) : null}
        </div>
      </div>
      <div>
        <SettingEditor
          setting={s}
          value={draft}
          onChange={setDraft}
          invalid={issues.length > 0}
          disabled={busy}
        />
        {issues.length ? <div className="setting-row__error">{issues[0]!.message}</div> : null}
      </div>
      <div className="setting-row__actions">
        {dirty ? (
          <Button type="link" disabled={busy} onClick={() => setDraft(s.value)}>
            {t('settings.row.undo')}
          </Button>
        ) : null}
        <Button
          type="primary"
          disabled={!dirty || issues.length > 0}
          loading={save.isPending}
          onClick={() => save.mutate({ key: s.key, value: draft })}
        >
          {t('common.save')}
        </Button>
      </div>
    </div>
  );
}

/** The rows of some settings, each keyed by its value in force (a save or a reset starts its draft over). */
export function SettingRows({ settings }: { settings: AdminSetting[] }) {
  return settings.map((s) => <SettingRow key={`${s.key}:${JSON.stringify(s.value)}`} setting={s} />);
}
