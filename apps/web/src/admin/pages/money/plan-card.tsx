import { PlusOutlined } from '@ant-design/icons';
import type { AdminSetting } from '@lingxi/contract';
import { Alert, App, Button, Card, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { formatTime } from '../../lib/format';
import { checkSetting, sameValue, useResetSetting, useSaveSetting } from '../settings/settings-api';
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
  const [rows, setRows] = useState<D[]>(() => props.drafts(s.value as P[]));
  const save = useSaveSetting();
  const reset = useResetSetting();
  const value = props.wire(rows);
  const dirty = !sameValue(value, s.value);
  const issues = dirty ? checkSetting(s.key, value) : [];
  const { cells, list } = issuesByCell(issues);
  const busy = save.isPending || reset.isPending;
  const what = s.label;

  const confirmSave = () => {
    const changes = planChanges(s.value as P[], value as P[], props.planName);
    modal.confirm({
      title: `保存${what}？`,
      width: 520,
      content: (
        <div>
          <ul className="plan-changes">
            {(changes.length ? changes : ['修改了套餐内容']).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {[
            ...props.notes,
            ...(changes.some((c) => c.startsWith('下架')) && props.removalNote ? [props.removalNote] : []),
          ].map((n) => (
            <p key={n} className="plan-note">
              {n}
            </p>
          ))}
        </div>
      ),
      okText: '保存并生效',
      cancelText: '取消',
      onOk: () => save.mutateAsync({ key: s.key, value }),
    });
  };

  return (
    <Card
      title={
        <Space>
          {what}
          {s.overridden ? <Tag color="purple">已修改</Tag> : <Tag>默认</Tag>}
        </Space>
      }
      extra={
        <Space>
          {s.updated_at ? <span className="plan-updated">修改于 {formatTime(s.updated_at)}</span> : null}
          {s.overridden ? (
            <Popconfirm
              title={`恢复默认的${what}？`}
              description="会员中心立即改为默认套餐；已创建的订单不受影响。"
              okText="恢复默认"
              cancelText="取消"
              onConfirm={() => reset.mutateAsync(s.key)}
            >
              <Button type="link" disabled={busy}>
                恢复默认
              </Button>
            </Popconfirm>
          ) : null}
          <Button disabled={!dirty || busy} onClick={() => setRows(props.drafts(s.value as P[]))}>
            撤销修改
          </Button>
          <Button
            type="primary"
            disabled={!dirty || issues.length > 0}
            loading={save.isPending}
            onClick={confirmSave}
          >
            保存
          </Button>
        </Space>
      }
    >
      <p className="plan-help">{s.help}</p>
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
        添加{what}
        {s.max !== null ? `（最多${s.max}个）` : ''}
      </Button>
    </Card>
  );
}
