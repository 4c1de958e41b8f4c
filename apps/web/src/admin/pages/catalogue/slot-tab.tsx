import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FEATURED_MAX,
  HOME_FEATURED_SHOWN,
  type AdminCatalogueBot,
  type FeaturedAddBody,
  type FeaturedOrderBody,
  type FeaturedList,
  type FeaturedSlot,
} from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/request';
import { useAdminCategories } from '../../lib/categories';
import { consoleKeys } from '../../lib/console-keys';
import { formatCount } from '../../lib/format';
import { BotCell, CategoryTag } from '../../ui/bot-cell';
import { BotPicker } from './bot-picker';
import { CardNote, MoveButtons, moved } from './order';

/** 首页推荐 / 发现页置顶: the slot's bots in order; add from the picker, move, remove. */
export function SlotTab({ slot }: { slot: FeaturedSlot }) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = consoleKeys.of('catalogue', 'slot', slot);
  const url = `/api/v1/admin/featured/${slot}`;
  const categories = useAdminCategories().data?.list;
  const list = useQuery({ queryKey: key, queryFn: () => request.get<FeaturedList>(url) });
  const bots = list.data?.list ?? [];
  const [picking, setPicking] = useState(false);
  // The slot's texts: `catalogue.slot.<slot>.title/about/empty`.
  const copy = {
    title: t(`catalogue.tabs.${slot}`),
    about: t(`catalogue.slot.${slot}.about`, { count: HOME_FEATURED_SHOWN }),
    empty: t(`catalogue.slot.${slot}.empty`),
  };
  const settle = (data: FeaturedList) => {
    queryClient.setQueryData(key, data);
    void queryClient.invalidateQueries({ queryKey: consoleKeys.of('catalogue', 'system') });
  };

  const add = useMutation({
    mutationFn: (bot: AdminCatalogueBot) =>
      request.post<FeaturedList>(url, { data: { bot_id: bot.id } satisfies FeaturedAddBody }),
    onSuccess: (data, bot) => {
      settle(data);
      void message.success(t('catalogue.slot.added', { name: bot.name }));
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => request.delete<FeaturedList>(`${url}/${id}`),
    onSuccess: (data) => {
      settle(data);
      void message.success(t('catalogue.slot.removed'));
    },
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      request.put<FeaturedList>(`${url}/order`, { data: { ids } satisfies FeaturedOrderBody }),
    onMutate: (ids) => {
      const byId = new Map(bots.map((b) => [b.id, b]));
      queryClient.setQueryData<FeaturedList>(key, { list: ids.map((id) => byId.get(id)!) });
    },
    onSuccess: settle,
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const full = bots.length >= FEATURED_MAX;
  const onHome = new Set(
    bots
      .filter((b) => b.listed)
      .slice(0, HOME_FEATURED_SHOWN)
      .map((b) => b.id),
  );

  return (
    <Card
      title={<CardNote>{t('catalogue.slot.note', { about: copy.about })}</CardNote>}
      extra={
        <Tooltip title={full ? t('catalogue.slot.full', { max: FEATURED_MAX }) : undefined}>
          <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setPicking(true)}>
            {t('catalogue.slot.add')}
          </Button>
        </Tooltip>
      }
    >
      {bots.some((b) => !b.listed) ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('catalogue.slot.unlisted')} />
      ) : null}
      <Table<AdminCatalogueBot>
        rowKey="id"
        size="middle"
        loading={list.isFetching || reorder.isPending}
        dataSource={bots}
        pagination={false}
        scroll={{ x: 1040 }}
        locale={{ emptyText: copy.empty }}
        columns={[
          {
            title: t('catalogue.col.order'),
            key: 'order',
            width: 130,
            render: (_v, b, index) => {
              const hidden = slot === 'home' && b.listed && !onHome.has(b.id);
              return (
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                  <Typography.Text type="secondary" style={{ width: 20, textAlign: 'right' }}>
                    {index + 1}
                  </Typography.Text>
                  <MoveButtons
                    index={index}
                    count={bots.length}
                    disabled={reorder.isPending}
                    onMove={(delta) =>
                      reorder.mutate(
                        moved(
                          bots.map((x) => x.id),
                          index,
                          delta,
                        ),
                      )
                    }
                  />
                  {hidden ? (
                    <Tooltip title={t('catalogue.slot.homeShown', { count: HOME_FEATURED_SHOWN })}>
                      <Tag style={{ marginInlineEnd: 0 }}>{t('catalogue.slot.notShown')}</Tag>
                    </Tooltip>
                  ) : null}
                </span>
              );
            },
          },
          { title: t('catalogue.col.bot'), key: 'bot', width: 320, render: (_v, b) => <BotCell bot={b} /> },
          {
            title: t('common.status'),
            key: 'listed',
            width: 130,
            render: (_v, b) =>
              b.listed ? (
                <Tag color="green">{t('catalogue.slot.listed')}</Tag>
              ) : (
                <Tag color="red">{t('catalogue.slot.hidden')}</Tag>
              ),
          },
          {
            title: t('catalogue.col.category'),
            dataIndex: 'category',
            width: 110,
            render: (id: string) => <CategoryTag id={id} categories={categories} />,
          },
          {
            title: t('catalogue.col.creator'),
            key: 'creator',
            width: 120,
            render: (_v, b) => b.creator?.nickname ?? t('catalogue.official'),
          },
          {
            title: t('catalogue.col.stats'),
            key: 'stats',
            width: 150,
            align: 'right',
            render: (_v, b) =>
              `${formatCount(b.stats.chats)} / ${formatCount(b.stats.users)} / ${formatCount(b.stats.favourites)}`,
          },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_v, b) => (
              <Popconfirm
                cancelText={t('common.cancel')}
                title={t('catalogue.slot.removeTitle', { slot: copy.title, name: b.name })}
                description={t('catalogue.slot.removeText')}
                okText={t('catalogue.slot.remove')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(b.id)}
              >
                <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                  {t('catalogue.slot.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <BotPicker
        open={picking}
        title={t('catalogue.slot.addTo', { slot: copy.title })}
        taken={new Set(bots.map((b) => b.id))}
        adding={add.isPending ? (add.variables?.id ?? null) : null}
        onCancel={() => setPicking(false)}
        onPick={(bot) => add.mutate(bot)}
      />
    </Card>
  );
}
