import { EditOutlined } from '@ant-design/icons';
import type { SystemBot, SystemBotBody, SystemBotList } from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { request } from '../../../lib/request';
import { useAdminCategories } from '../../lib/categories';
import { consoleKeys } from '../../lib/console-keys';
import { formatCount, formatTime } from '../../lib/format';
import { BotCell, CategoryTag } from '../../ui/bot-cell';
import { CardNote } from './order';
import { SystemBotDrawer } from './system-bot-drawer';

/** 官方智能体: the platform's own bots (the home assistant first), each editable in a drawer. */
export function SystemBotsTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const categories = useAdminCategories().data?.list;
  const list = useQuery({
    queryKey: consoleKeys.of('catalogue', 'system'),
    queryFn: () => request.get<SystemBotList>('/api/v1/admin/system-bot'),
  });
  const [editing, setEditing] = useState<SystemBot | null>(null);
  const save = useMutation({
    mutationFn: (body: SystemBotBody) =>
      request.put<SystemBot>(`/api/v1/admin/system-bot/${editing!.id}`, { data: body }),
    onSuccess: (bot) => {
      void message.success(`已保存「${bot.name}」，立即生效`);
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: consoleKeys.area('catalogue') });
    },
  });
  return (
    <Card title={<CardNote>平台自带的智能体，不经过审核，保存后立即生效；每次修改都记入操作日志。</CardNote>}>
      <Table<SystemBot>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={false}
        scroll={{ x: 1040 }}
        columns={[
          {
            title: '智能体',
            key: 'bot',
            width: 320,
            render: (_v, b) => (
              <BotCell bot={b} tags={b.is_assistant ? <Tag color="purple">首页助手</Tag> : null} />
            ),
          },
          {
            title: '分类',
            dataIndex: 'category',
            width: 110,
            render: (id: string) => <CategoryTag id={id} categories={categories} />,
          },
          {
            title: '模型',
            dataIndex: 'model_id',
            width: 150,
            render: (id: string | null) => id ?? <Typography.Text type="secondary">平台默认</Typography.Text>,
          },
          {
            title: '首页推荐',
            dataIndex: 'featured',
            width: 96,
            render: (on: boolean, b) => (b.is_assistant ? '—' : on ? <Tag color="blue">推荐中</Tag> : '—'),
          },
          {
            title: '对话数',
            key: 'chats',
            width: 96,
            align: 'right',
            render: (_v, b) => formatCount(b.stats.chats),
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 150, render: formatTime },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_v, b) => (
              <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(b)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      <SystemBotDrawer
        bot={editing}
        categories={categories}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(body) => save.mutate(body)}
      />
    </Card>
  );
}
