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
import { request } from '../../../lib/request';
import { useAdminCategories } from '../../lib/categories';
import { consoleKeys } from '../../lib/console-keys';
import { formatCount } from '../../lib/format';
import { BotCell, CategoryTag } from '../../ui/bot-cell';
import { BotPicker } from './bot-picker';
import { CardNote, MoveButtons, moved } from './order';

const COPY: Record<FeaturedSlot, { title: string; about: string; empty: string }> = {
  home: {
    title: '首页推荐',
    about: `首页「推荐」区按这里的顺序展示前 ${HOME_FEATURED_SHOWN} 个已上架的智能体。`,
    empty: '还没有首页推荐的智能体',
  },
  discover: {
    title: '发现页置顶',
    about:
      '发现页默认视图（热门、不筛选分类、不搜索）的第一页，按这里的顺序置顶展示，之后才是按热度排列的其余智能体。',
    empty: '还没有置顶的智能体',
  },
};

/** 首页推荐 / 发现页置顶: the slot's bots in order; add from the picker, move, remove. */
export function SlotTab({ slot }: { slot: FeaturedSlot }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = consoleKeys.of('catalogue', 'slot', slot);
  const url = `/api/v1/admin/featured/${slot}`;
  const categories = useAdminCategories().data?.list;
  const list = useQuery({ queryKey: key, queryFn: () => request.get<FeaturedList>(url) });
  const bots = list.data?.list ?? [];
  const [picking, setPicking] = useState(false);
  const copy = COPY[slot];
  const settle = (data: FeaturedList) => {
    queryClient.setQueryData(key, data);
    void queryClient.invalidateQueries({ queryKey: consoleKeys.of('catalogue', 'system') });
  };

  const add = useMutation({
    mutationFn: (bot: AdminCatalogueBot) =>
      request.post<FeaturedList>(url, { data: { bot_id: bot.id } satisfies FeaturedAddBody }),
    onSuccess: (data, bot) => {
      settle(data);
      void message.success(`已添加「${bot.name}」`);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => request.delete<FeaturedList>(`${url}/${id}`),
    onSuccess: (data) => {
      settle(data);
      void message.success('已移除');
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
      title={<CardNote>{copy.about}改动立即生效。</CardNote>}
      extra={
        <Tooltip title={full ? `最多${FEATURED_MAX}个，请先移除一些` : undefined}>
          <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setPicking(true)}>
            添加智能体
          </Button>
        </Tooltip>
      }
    >
      {bots.some((b) => !b.listed) ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="有智能体已下架或转为私密，用户看不到它们；可以移除。"
        />
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
            title: '顺序',
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
                    <Tooltip title={`首页只展示前${HOME_FEATURED_SHOWN}个`}>
                      <Tag style={{ marginInlineEnd: 0 }}>未展示</Tag>
                    </Tooltip>
                  ) : null}
                </span>
              );
            },
          },
          { title: '智能体', key: 'bot', width: 320, render: (_v, b) => <BotCell bot={b} /> },
          {
            title: '状态',
            key: 'listed',
            width: 100,
            render: (_v, b) =>
              b.listed ? <Tag color="green">已上架</Tag> : <Tag color="red">用户不可见</Tag>,
          },
          {
            title: '分类',
            dataIndex: 'category',
            width: 110,
            render: (id: string) => <CategoryTag id={id} categories={categories} />,
          },
          { title: '创建者', key: 'creator', width: 120, render: (_v, b) => b.creator?.nickname ?? '官方' },
          {
            title: '对话 / 用户 / 收藏',
            key: 'stats',
            width: 150,
            align: 'right',
            render: (_v, b) =>
              `${formatCount(b.stats.chats)} / ${formatCount(b.stats.users)} / ${formatCount(b.stats.favourites)}`,
          },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_v, b) => (
              <Popconfirm
                cancelText="取消"
                title={`从${copy.title}移除「${b.name}」？`}
                description="智能体本身不受影响，仍可在发现页找到。"
                okText="移除"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(b.id)}
              >
                <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                  移除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <BotPicker
        open={picking}
        title={`添加到${copy.title}`}
        taken={new Set(bots.map((b) => b.id))}
        adding={add.isPending ? (add.variables?.id ?? null) : null}
        onCancel={() => setPicking(false)}
        onPick={(bot) => add.mutate(bot)}
      />
    </Card>
  );
}
