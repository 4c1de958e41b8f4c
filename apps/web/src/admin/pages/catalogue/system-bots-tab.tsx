import { EditOutlined } from '@ant-design/icons';
import type { SystemBot, SystemBotBody, SystemBotList } from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
      void message.success(t('catalogue.system.saved', { name: bot.name }));
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: consoleKeys.area('catalogue') });
    },
  });
  return (
    <Card title={<CardNote>{t('catalogue.system.note')}</CardNote>}>
      <Table<SystemBot>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={false}
        scroll={{ x: 1040 }}
        columns={[
          {
            title: t('catalogue.col.bot'),
            key: 'bot',
            width: 320,
            render: (_v, b) => (
              <BotCell
                bot={b}
                tags={b.is_assistant ? <Tag color="purple">{t('catalogue.system.assistant')}</Tag> : null}
              />
            ),
          },
          {
            title: t('catalogue.col.category'),
            dataIndex: 'category',
            width: 110,
            render: (id: string) => <CategoryTag id={id} categories={categories} />,
          },
          {
            title: t('catalogue.col.model'),
            dataIndex: 'model_id',
            width: 150,
            render: (id: string | null) =>
              id ?? <Typography.Text type="secondary">{t('catalogue.system.defaultModel')}</Typography.Text>,
          },
          {
            title: t('catalogue.tabs.home'),
            dataIndex: 'featured',
            width: 120,
            render: (on: boolean, b) =>
              b.is_assistant ? '—' : on ? <Tag color="blue">{t('catalogue.system.featured')}</Tag> : '—',
          },
          {
            title: t('catalogue.col.chats'),
            key: 'chats',
            width: 96,
            align: 'right',
            render: (_v, b) => formatCount(b.stats.chats),
          },
          { title: t('common.updatedAt'), dataIndex: 'updated_at', width: 150, render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_v, b) => (
              <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(b)}>
                {t('common.edit')}
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
