import type { AuditEntry } from '@lingxi/contract';
import { Descriptions, Drawer, Empty, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatSeconds } from '../../lib/format';
import { UserCell } from '../../ui/user-cell';
import { actionColor, actionLabel, detailLabel, targetLabel } from './action-labels';
import { diffRows, flatten, showValue, type DiffRow } from './diff';

const { Text } = Typography;

/** One audit row in full: who, what, to what, from where, its details and what it changed. */
export function AuditDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Drawer title="操作详情" width={640} open={!!entry} onClose={onClose} destroyOnHidden>
      {entry ? <AuditDetail entry={entry} /> : null}
    </Drawer>
  );
}

function AuditDetail({ entry }: { entry: AuditEntry }) {
  const details = Object.entries(flatten(entry.detail));
  const changes = entry.before !== null || entry.after !== null;
  return (
    <Space direction="vertical" size={20} style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={1}
        styles={{ label: { width: 96 } }}
        items={[
          { key: 'at', label: '时间', children: formatSeconds(entry.at) },
          { key: 'actor', label: '操作人', children: <UserCell user={entry.actor} /> },
          {
            key: 'action',
            label: '操作',
            children: (
              <Space size={8}>
                <Tag color={actionColor(entry.action)}>{actionLabel(entry.action)}</Tag>
                <Text type="secondary" code>
                  {entry.action}
                </Text>
              </Space>
            ),
          },
          {
            key: 'target',
            label: '对象',
            children: (
              <Space size={8}>
                <span>{targetLabel(entry.target)}</span>
                <Text type="secondary" code>
                  {entry.target}
                </Text>
              </Space>
            ),
          },
          { key: 'ip', label: 'IP', children: entry.ip ?? <Text type="secondary">—（非网页操作）</Text> },
        ]}
      />
      <section>
        <h4 className="audit-section-title">详情</h4>
        {details.length ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={{ label: { width: 160 } }}
            items={details.map(([key, value]) => ({
              key,
              label: <FieldName name={key} />,
              children: <span className="audit-value">{showValue(value)}</span>,
            }))}
          />
        ) : (
          <Text type="secondary">无</Text>
        )}
      </section>
      {changes ? <Changes before={entry.before} after={entry.after} /> : null}
    </Space>
  );
}

/** Before and after side by side, field by field, the changed fields highlighted. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const [onlyChanged, setOnlyChanged] = useState(false);
  const rows = diffRows(before, after);
  const changed = rows.filter((r) => r.changed).length;
  const shown = onlyChanged ? rows.filter((r) => r.changed) : rows;
  return (
    <section>
      <div className="audit-section-head">
        <h4 className="audit-section-title">
          变更对比 <Tag color={changed ? 'orange' : 'default'}>{changed} 项变更</Tag>
        </h4>
        <Space size={6}>
          <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} />
          <Text type="secondary">只看变更</Text>
        </Space>
      </div>
      <Table<DiffRow>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        dataSource={shown}
        rowClassName={(r) => (r.changed ? 'audit-changed' : '')}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有变更" /> }}
        columns={[
          { title: '字段', dataIndex: 'key', width: 170, render: (k: string) => <FieldName name={k} /> },
          {
            title: '变更前',
            dataIndex: 'before',
            render: (v: unknown, r) => (
              <span className={r.changed ? 'audit-before' : ''}>{showValue(v)}</span>
            ),
          },
          {
            title: '变更后',
            dataIndex: 'after',
            render: (v: unknown, r) => <span className={r.changed ? 'audit-after' : ''}>{showValue(v)}</span>,
          },
        ]}
      />
    </section>
  );
}

/** A field: its Chinese name where known, with the key beneath. */
function FieldName({ name }: { name: string }) {
  const label = detailLabel(name.split('.').at(-1)!);
  if (!label) return <Text code>{name}</Text>;
  return (
    <span>
      {label}
      <span className="audit-code">{name}</span>
    </span>
  );
}
