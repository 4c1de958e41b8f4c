import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminTopic } from '@lingxi/contract';
import {
  App,
  Button,
  Card,
  Input,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { formatCount } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { useDeleteTopic, useSaveTopic, useTopics } from './content-api';
import { TopicFormModal } from './topic-form-modal';
import { useTranslation } from 'react-i18next';

/** 话题: the list users pick a post's #topic from, in the operators' order (docs/community.md, Topics). */
export default function TopicsPage() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const topics = useTopics();
  const save = useSaveTopic();
  const remove = useDeleteTopic();
  const [editing, setEditing] = useState<AdminTopic | null>(null);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');

  const all = useMemo(() => topics.data?.list ?? [], [topics.data]);
  const shown = q ? all.filter((x) => x.name.includes(q.trim())) : all;
  const nextSort = all.reduce((max, x) => Math.max(max, x.sort), 0) + 10;

  const edit = (topic: AdminTopic | null) => {
    setEditing(topic);
    setOpen(true);
  };

  const columns: TableColumnsType<AdminTopic> = [
    {
      title: t('content.topics.title'),
      dataIndex: 'name',
      render: (name: string) => <span style={{ fontWeight: 500 }}>#{name}</span>,
    },
    {
      title: t('content.topics.posts'),
      dataIndex: 'post_count',
      width: 140,
      align: 'right',
      sorter: (a, b) => a.post_count - b.post_count,
      render: (n: number) => <span className="cx-num">{formatCount(n)}</span>,
    },
    {
      title: t('content.topics.order'),
      dataIndex: 'sort',
      width: 100,
      align: 'right',
      defaultSortOrder: 'ascend',
      sorter: (a, b) => a.sort - b.sort || a.id - b.id,
      render: (n: number) => <span className="cx-num">{n}</span>,
    },
    {
      title: t('common.status'),
      dataIndex: 'enabled',
      width: 160,
      render: (enabled: boolean, topic) => (
        <Space>
          <Switch
            size="small"
            checked={enabled}
            loading={save.isPending && save.variables?.id === topic.id}
            onChange={(on) =>
              save.mutate(
                { id: topic.id, name: topic.name, sort: topic.sort, enabled: on },
                {
                  onSuccess: () =>
                    void message.success(
                      t(on ? 'content.topics.enabledOn' : 'content.topics.enabledOff', { name: topic.name }),
                    ),
                },
              )
            }
            aria-label={enabled ? t('content.topics.disable') : t('content.topics.enable')}
          />
          {enabled ? <Tag color="green">{t('content.topics.on')}</Tag> : <Tag>{t('content.topics.off')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, topic) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => edit(topic)}>
            {t('common.edit')}
          </Button>
          {topic.post_count > 0 ? (
            <Tooltip title={t('content.topics.inUse')}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled>
                {t('common.delete')}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('content.topics.deleteTitle', { name: topic.name })}
              description={t('content.topics.deleteBody')}
              okText={t('common.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => remove.mutateAsync(topic.id)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHead
        title={t('content.topics.title')}
        description={t('content.topics.lead')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
            {t('content.topics.new')}
          </Button>
        }
      />
      <Card>
        <div className="console-toolbar">
          <Input.Search
            placeholder={t('content.topics.search')}
            allowClear
            onSearch={setQ}
            onChange={(e) => !e.target.value && setQ('')}
            style={{ width: 240 }}
          />
          <span style={{ color: '#8a8f99' }}>
            {t('content.topics.counts', { total: all.length, enabled: all.filter((x) => x.enabled).length })}
          </span>
        </div>
        <Table<AdminTopic>
          rowKey="id"
          loading={topics.isFetching}
          dataSource={shown}
          columns={columns}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: q ? t('content.topics.noMatch') : t('content.topics.none') }}
        />
      </Card>
      <TopicFormModal open={open} topic={editing} nextSort={nextSort} onClose={() => setOpen(false)} />
    </>
  );
}
