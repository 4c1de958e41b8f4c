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
      void message.success(editing ? '分类已保存' : '分类已创建');
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
      void message.success('分类已删除');
      void refresh();
    },
  });

  return (
    <Card
      title={
        <CardNote>
          发现页的分类标签和创作者选择分类都按这里的顺序，改动立即生效；分类下还有智能体时不能删除。
        </CardNote>
      }
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          新建分类
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
            title: '顺序',
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
            title: '图标',
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
            title: '名称',
            dataIndex: 'name',
            render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
          },
          {
            title: '分类ID',
            dataIndex: 'id',
            render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
          },
          { title: '排序值', dataIndex: 'sort', width: 96, align: 'right' },
          {
            title: '智能体数',
            dataIndex: 'bot_count',
            width: 110,
            align: 'right',
            render: (n: number) => formatCount(n),
          },
          {
            title: '操作',
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
                  编辑
                </Button>
                {c.bot_count > 0 ? (
                  <Tooltip title={`分类下还有${c.bot_count}个智能体，请先移到其他分类`}>
                    <Button size="small" type="link" danger icon={<DeleteOutlined />} disabled>
                      删除
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    cancelText="取消"
                    title={`删除分类「${c.name}」？`}
                    description="删除后创作者不能再选择它，发现页也不再显示。"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(c.id)}
                  >
                    <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                      删除
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
