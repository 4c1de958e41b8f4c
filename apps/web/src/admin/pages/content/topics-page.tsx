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

/** 话题: the list users pick a post's #topic from, in the operators' order (docs/community.md, Topics). */
export default function TopicsPage() {
  const { message } = App.useApp();
  const topics = useTopics();
  const save = useSaveTopic();
  const remove = useDeleteTopic();
  const [editing, setEditing] = useState<AdminTopic | null>(null);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');

  const all = useMemo(() => topics.data?.list ?? [], [topics.data]);
  const shown = q ? all.filter((t) => t.name.includes(q.trim())) : all;
  const nextSort = all.reduce((max, t) => Math.max(max, t.sort), 0) + 10;

  const edit = (topic: AdminTopic | null) => {
    setEditing(topic);
    setOpen(true);
  };

  const columns: TableColumnsType<AdminTopic> = [
    {
      title: '话题',
      dataIndex: 'name',
      render: (name: string) => <span style={{ fontWeight: 500 }}>#{name}</span>,
    },
    {
      title: '已发布帖子',
      dataIndex: 'post_count',
      width: 140,
      align: 'right',
      sorter: (a, b) => a.post_count - b.post_count,
      render: (n: number) => <span className="cx-num">{formatCount(n)}</span>,
    },
    {
      title: '排序',
      dataIndex: 'sort',
      width: 100,
      align: 'right',
      defaultSortOrder: 'ascend',
      sorter: (a, b) => a.sort - b.sort || a.id - b.id,
      render: (n: number) => <span className="cx-num">{n}</span>,
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 160,
      render: (enabled: boolean, t) => (
        <Space>
          <Switch
            size="small"
            checked={enabled}
            loading={save.isPending && save.variables?.id === t.id}
            onChange={(on) =>
              save.mutate(
                { id: t.id, name: t.name, sort: t.sort, enabled: on },
                { onSuccess: () => void message.success(on ? `#${t.name} 已启用` : `#${t.name} 已停用`) },
              )
            }
            aria-label={enabled ? '停用' : '启用'}
          />
          {enabled ? <Tag color="green">启用中</Tag> : <Tag>已停用</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, t) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => edit(t)}>
            编辑
          </Button>
          {t.post_count > 0 ? (
            <Tooltip title="已有帖子使用该话题，不能删除，可改为停用">
              <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled>
                删除
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={`删除话题 #${t.name}？`}
              description="删除后不可恢复。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(t.id)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                删除
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
        title="话题"
        description="用户发帖时可选的 #话题，按排序显示；停用的话题不能再选，已有帖子不受影响。"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
            新建话题
          </Button>
        }
      />
      <Card>
        <div className="console-toolbar">
          <Input.Search
            placeholder="搜索话题"
            allowClear
            onSearch={setQ}
            onChange={(e) => !e.target.value && setQ('')}
            style={{ width: 240 }}
          />
          <span style={{ color: '#8a8f99' }}>
            共 {all.length} 个，启用 {all.filter((t) => t.enabled).length} 个
          </span>
        </div>
        <Table<AdminTopic>
          rowKey="id"
          loading={topics.isFetching}
          dataSource={shown}
          columns={columns}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: q ? '没有匹配的话题' : '还没有话题' }}
        />
      </Card>
      <TopicFormModal open={open} topic={editing} nextSort={nextSort} onClose={() => setOpen(false)} />
    </>
  );
}
