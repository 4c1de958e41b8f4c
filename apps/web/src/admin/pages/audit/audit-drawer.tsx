import type { AuditEntry } from '@lingxi/contract';
import { Descriptions, Drawer, Empty, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatSeconds } from '../../lib/format';
import { UserCell } from '../../ui/user-cell';
import { actionColor, actionLabel, detailLabel, targetLabel } from './action-labels';
import { diffRows, flatten, showValue, VALUE_KEY, type DiffRow } from './diff';
import { useTranslation } from 'react-i18next';

const { Text } = Typography;

/** One audit row in full: who, what, to what, from where, its details and what it changed. */
export function AuditDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer title={t('audit.drawer.title')} width={640} open={!!entry} onClose={onClose} destroyOnHidden>
      {entry ? <AuditDetail entry={entry} /> : null}
    </Drawer>
  );
}

function AuditDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
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
          { key: 'at', label: t('audit.drawer.time'), children: formatSeconds(entry.at) },
          { key: 'actor', label: t('audit.drawer.actor'), children: <UserCell user={entry.actor} /> },
          {
            key: 'action',
            label: t('audit.drawer.action'),
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
            label: t('audit.drawer.target'),
            children: (
              <Space size={8}>
                <span>{targetLabel(entry.target)}</span>
                <Text type="secondary" code>
                  {entry.target}
                </Text>
              </Space>
            ),
          },
          {
            key: 'ip',
            label: 'IP',
            children: entry.ip ?? <Text type="secondary">{t('audit.drawer.notWeb')}</Text>,
          },
        ]}
      />
      <section>
        <h4 className="audit-section-title">{t('audit.drawer.details')}</h4>
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
          <Text type="secondary">{t('audit.drawer.none')}</Text>
        )}
      </section>
      {changes ? <Changes before={entry.before} after={entry.after} /> : null}
    </Space>
  );
}

/** Before and after side by side, field by field, the changed fields highlighted. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const [onlyChanged, setOnlyChanged] = useState(false);
  const { t } = useTranslation();
  const rows = diffRows(before, after);
  const changed = rows.filter((r) => r.changed).length;
  const shown = onlyChanged ? rows.filter((r) => r.changed) : rows;
  return (
    <section>
      <div className="audit-section-head">
        <h4 className="audit-section-title">
          {t('audit.drawer.changes')}{' '}
          <Tag color={changed ? 'orange' : 'default'}>
            {t('audit.drawer.changedCount', { count: changed })}
          </Tag>
        </h4>
        <Space size={6}>
          <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} />
          <Text type="secondary">{t('audit.drawer.onlyChanged')}</Text>
        </Space>
      </div>
      <Table<DiffRow>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        dataSource={shown}
        rowClassName={(r) => (r.changed ? 'audit-changed' : '')}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.drawer.noChanges')} />,
        }}
        columns={[
          {
            title: t('audit.drawer.field'),
            dataIndex: 'key',
            width: 170,
            render: (k: string) => <FieldName name={k} />,
          },
          {
            title: t('audit.drawer.before'),
            dataIndex: 'before',
            render: (v: unknown, r) => (
              <span className={r.changed ? 'audit-before' : ''}>{showValue(v)}</span>
            ),
          },
          {
            title: t('audit.drawer.after'),
            dataIndex: 'after',
            render: (v: unknown, r) => <span className={r.changed ? 'audit-after' : ''}>{showValue(v)}</span>,
          },
        ]}
      />
    </section>
  );
}

/** A field: its name in words where known, with the key beneath. */
function FieldName({ name }: { name: string }) {
  const { t } = useTranslation();
  if (name === VALUE_KEY) return <span>{t('audit.diff.value')}</span>;
  const label = detailLabel(name.split('.').at(-1)!);
  if (!label) return <Text code>{name}</Text>;
  return (
    <span>
      {label}
      <span className="audit-code">{name}</span>
    </span>
  );
}
