import { PlusOutlined } from '@ant-design/icons';
import type { AdminSetting } from '@lingxi/contract';
import { Alert, App, Button, Card, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { checkSetting, sameValue, useResetSetting, useSaveSetting } from '../settings/settings-api';
import { settingHelp, settingLabel } from '../settings/setting-text';
import { issuesByCell, PlanTable, type PlanColumn } from './plan-table';
import { planChanges } from './plans-draft';
import './plans.css';

type Plan = { id: string; price_fen: number };

/**
 * A plan list setting (会员套餐 or 芯片套餐) as a card: the table of drafts, the list's refusals, and saving the
 * whole list after a confirmation that says what changes (docs/admin.md, Money). Mounted again when the saved
 * list changes (its key holds the value), which starts the drafts over.
 */
export function PlanCard<D extends { uid: string }, P extends Plan>(props: {
  setting: AdminSetting;
  drafts: (saved: P[]) => D[];
  wire: (rows: D[]) => unknown[];
  newRow: (rows: D[]) => D;
  columns: PlanColumn<D>[];
  nameOf: (row: D) => string;
  planName: (plan: P) => string;
  notes: string[];
  /** Said too when the save takes a plan off sale. */
  removalNote?: string;
}) {
  const { setting: s } = props;
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const [rows, setRows] = useState<D[]>(() => props.drafts(s.value as P[]));
  const save = useSaveSetting();
  const reset = useResetSetting();
  const value = props.wire(rows);
  const dirty = !sameValue(value, s.value);
  const issues = dirty ? checkSetting(t, s.key, value) : [];
  const { cells, list } = issuesByCell(issues);
  const busy = save.isPending || reset.isPending;
  const what = settingLabel(t, s);

  const confirmSave = () => {
    const changes = planChanges(t, s.value as P[], value as P[], props.planName);
    modal.confirm({
      title: t('plans.card.saveTitle', { what }),
      width: 520,
      content: (
        <div>
          <ul className="plan-changes">
            {(changes.lines.length ? changes.lines : [t('plans.changes.content')]).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {[...props.notes, ...(changes.removed && props.removalNote ? [props.removalNote] : [])].map((n) => (
            <p key={n} className="plan-note">
              {n}
            </p>
          ))}
        </div>
      ),
      okText: t('plans.card.saveOk'),
      cancelText: t('common.cancel'),
      onOk: () => save.mutateAsync({ key: s.key, value }),
    });
  };

  return (
    <Card
      title={
        <Space>
          {what}
          {s.overridden ? (
            <Tag color="purple">{t('settings.row.overridden')}</Tag>
          ) : (
            <Tag>{t('plans.card.default')}</Tag>
          )}
        </Space>
      }
      extra={
        <Space>
          {s.updated_at ? (
            <span className="plan-updated">
              {t('settings.row.updatedAt', { time: formatTime(s.updated_at) })}
            </span>
          ) : null}
          {s.overridden ? (
            <Popconfirm
              title={t('plans.card.resetTitle', { what })}
              description={t('plans.card.resetText')}
              okText={t('settings.row.reset')}
              cancelText={t('common.cancel')}
              onConfirm={() => reset.mutateAsync(s.key)}
            >
              <Button type="link" disabled={busy}>
                {t('settings.row.reset')}
              </Button>
            </Popconfirm>
          ) : null}
          <Button disabled={!dirty || busy} onClick={() => setRows(props.drafts(s.value as P[]))}>
            {t('plans.card.undo')}
          </Button>
          <Button
            type="primary"
            disabled={!dirty || issues.length > 0}
            loading={save.isPending}
            onClick={confirmSave}
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <p className="plan-help">{settingHelp(t, s)}</p>
      {list.length ? <Alert type="error" showIcon message={list[0]} style={{ marginBottom: 12 }} /> : null}
      <PlanTable
        rows={rows}
        onChange={setRows}
        columns={props.columns}
        cells={cells}
        what={what}
        nameOf={props.nameOf}
        disabled={busy}
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 12 }}
        disabled={busy || (s.max !== null && rows.length >= s.max)}
        onClick={() => setRows([...rows, props.newRow(rows)])}
      >
        {s.max !== null ? t('plans.card.addMax', { what, count: s.max }) : t('plans.card.add', { what })}
      </Button>
    </Card>
  );
}
