import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type {
  AdminCategory,
  AdminCategoryList,
  CategoryCreateBody,
  CategoryUpdateBody,
} from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/request';
import { categoriesKey, useAdminCategories } from '../../lib/categories';
import { consoleKeys } from '../../lib/console-keys';
import { formatCount } from '../../lib/format';
import { CategoryModal } from './category-modal';
import { CardNote, MoveButtons, moved } from './order';

const isImage = (icon: string) => icon.includes('/');

/** 分类: the catalogue's categories in order, with their bots; create, edit, reorder, delete (when empty). */
export function CategoriesTab() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const categories = useAdminCategories();
  const list = categories.data?.list ?? [];
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [open, setOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleKeys.area('catalogue') });

  const save = useMutation({
    mutationFn: (v: CategoryCreateBody) =>
      editing
        ? request.put(`/api/v1/admin/category/${editing.id}`, {
            data: { name: v.name, icon: v.icon, sort: v.sort } satisfies CategoryUpdateBody,
          })
        : request.post('/api/v1/admin/category', { data: v }),
    onSuccess: () => {
      void message.success(editing ? t('catalogue.categories.saved') : t('catalogue.categories.created'));
      setOpen(false);
      void refresh();
    },
  });
  const reorder = useMutation({
    mutationFn: (ids: string[]) =>
      request.put<AdminCategoryList>('/api/v1/admin/category/order', { data: { ids } }),
    onMutate: (ids) => {
      const byId = new Map(list.map((c) => [c.id, c]));
      queryClient.setQueryData<AdminCategoryList>(categoriesKey, { list: ids.map((id) => byId.get(id)!) });
    },
    onSuccess: (data) => queryClient.setQueryData(categoriesKey, data),
    onError: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: string) => request.delete(`/api/v1/admin/category/${id}`),
    onSuccess: () => {
      void message.success(t('catalogue.categories.deleted'));
      void refresh();
    },
  });

  return (
    <Card
      title={<CardNote>{t('catalogue.categories.note')}</CardNote>}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          {t('catalogue.categories.create')}
        </Button>
      }
    >
      <Table<AdminCategory>
        rowKey="id"
        size="middle"
        loading={categories.isFetching || reorder.isPending}
        dataSource={list}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          {
            title: t('catalogue.col.order'),
            key: 'order',
            width: 96,
            render: (_v, _c, index) => (
              <MoveButtons
                index={index}
                count={list.length}
                disabled={reorder.isPending}
                onMove={(delta) =>
                  reorder.mutate(
                    moved(
                      list.map((c) => c.id),
                      index,
                      delta,
                    ),
                  )
                }
              />
            ),
          },
          {
            title: t('catalogue.col.icon'),
            dataIndex: 'icon',
            width: 72,
            align: 'center',
            render: (icon: string) =>
              !icon ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : isImage(icon) ? (
                <img src={icon} alt="" width={24} height={24} />
              ) : (
                <span style={{ fontSize: 20 }}>{icon}</span>
              ),
          },
          {
            title: t('catalogue.col.name'),
            dataIndex: 'name',
            render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
          },
          {
            title: t('catalogue.col.categoryId'),
            dataIndex: 'id',
            render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
          },
          { title: t('catalogue.col.sort'), dataIndex: 'sort', width: 110, align: 'right' },
          {
            title: t('catalogue.col.botCount'),
            dataIndex: 'bot_count',
            width: 110,
            align: 'right',
            render: (n: number) => formatCount(n),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 170,
            fixed: 'right',
            render: (_v, c) => (
              <Space size={4}>
                <Button
                  size="small"
                  type="link"
                  icon={<EditOutlined />}
                  onClick={() => {
                    setEditing(c);
                    setOpen(true);
                  }}
                >
                  {t('common.edit')}
                </Button>
                {c.bot_count > 0 ? (
                  <Tooltip title={t('catalogue.categories.notEmpty', { count: c.bot_count })}>
                    <Button size="small" type="link" danger icon={<DeleteOutlined />} disabled>
                      {t('common.delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    cancelText={t('common.cancel')}
                    title={t('catalogue.categories.deleteTitle', { name: c.name })}
                    description={t('catalogue.categories.deleteText')}
                    okText={t('common.delete')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(c.id)}
                  >
                    <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <CategoryModal
        open={open}
        editing={editing}
        saving={save.isPending}
        onCancel={() => setOpen(false)}
        onSave={(v) => save.mutate(v)}
      />
    </Card>
  );
}
