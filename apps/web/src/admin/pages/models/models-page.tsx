import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminModel } from '@lingxi/contract';
import { Alert, App, Button, Card, Empty, Input, Segmented, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { PageHead } from '../../ui/page-head';
import { defaultRefusal, modelColumns } from './model-columns';
import { ModelDrawer, type DrawerTarget } from './model-drawer';
import { reordered } from './model-order';
import { ModelTestModal } from './model-test-modal';
import {
  useDeleteModel,
  useModels,
  useReorderModels,
  useSetDefaultModel,
  useUpdateModel,
} from './models-api';

type Show = 'all' | 'enabled' | 'disabled';

/** Models and prices (docs/admin.md): the models users pick, their prices and limits, and a test button. */
export default function ModelsPage() {
  const models = useModels();
  const update = useUpdateModel();
  const setDefault = useSetDefaultModel();
  const remove = useDeleteModel();
  const reorder = useReorderModels();
  const [drawer, setDrawer] = useState<DrawerTarget>(null);
  const [testing, setTesting] = useState<AdminModel | null>(null);
  const [testOpen, setTestOpen] = useState(false);
  const [show, setShow] = useState<Show>('all');
  const { modal } = App.useApp();
  const [q, setQ] = useState('');

  const list = useMemo(() => models.data?.list ?? [], [models.data]);
  const term = q.trim().toLowerCase();
  // Filters only narrow what is shown: the order buttons move within the whole list.
  const shown = list.filter(
    (m) =>
      (show === 'all' || (show === 'enabled') === m.enabled) &&
      (!term || [m.id, m.name, m.upstream_model].some((s) => s.toLowerCase().includes(term))),
  );
  const columns = modelColumns(shown, {
    busy: reorder.isPending,
    move: (id, by) => {
      const next = reordered(
        list.map((m) => m.id),
        shown.map((m) => m.id),
        id,
        by,
      );
      if (next) reorder.mutate(next);
    },
    toggle: (m, field, value) =>
      update.mutateAsync({
        id: m.id,
        body: { [field]: value },
        done:
          field === 'enabled'
            ? `${m.name} 已${value ? '启用' : '停用'}`
            : `${m.name} ${value ? '已设为仅限会员' : '已向所有用户开放'}`,
      }),
    makeDefault: (m) =>
      defaultRefusal(m)
        ? modal.warning({ title: '不能设为默认', content: defaultRefusal(m) })
        : modal.confirm({
            title: `把「${m.name}」设为默认模型？`,
            content: '没有指定模型的智能体将改用它，立即生效。',
            onOk: () => setDefault.mutateAsync(m.id).catch(() => undefined),
          }),
    remove: (m) =>
      m.delete_refusal
        ? modal.warning({ title: '不能删除该模型', content: m.delete_refusal })
        : modal.confirm({
            title: `删除「${m.name}」？`,
            content: '删除后不可恢复；用过它的历史对话不受影响。',
            okText: '删除',
            okButtonProps: { danger: true },
            onOk: () => remove.mutateAsync(m.id).catch(() => undefined),
          }),
    edit: (m) => setDrawer(m),
    test: (m) => {
      setTesting(m);
      setTestOpen(true);
    },
  });
  const enabled = list.filter((m) => m.enabled).length;

  return (
    <>
      <PageHead
        title="模型与价格"
        description="用户可选的模型、每条回复的芯片价格和会员限制；改动立即生效。"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer('new')}>
            新增模型
          </Button>
        }
      />
      {models.isError ? (
        <Alert
          type="error"
          showIcon
          message="模型列表加载失败"
          action={<Button onClick={() => void models.refetch()}>重试</Button>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Card styles={{ body: { padding: 16 } }}>
        <div className="console-toolbar">
          <Input.Search
            allowClear
            placeholder="搜索名称、模型ID或上游模型"
            style={{ width: 280 }}
            onSearch={setQ}
            onChange={(e) => !e.target.value && setQ('')}
          />
          <Segmented<Show>
            value={show}
            onChange={setShow}
            options={[
              { label: `全部 ${list.length}`, value: 'all' },
              { label: `已启用 ${enabled}`, value: 'enabled' },
              { label: `已停用 ${list.length - enabled}`, value: 'disabled' },
            ]}
          />
          <div style={{ flex: 1 }} />
          <Typography.Text type="secondary">用户看到的顺序即此顺序</Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void models.refetch()}
            loading={models.isFetching}
            aria-label="刷新"
          />
        </div>
        <Table<AdminModel>
          rowKey="id"
          columns={columns}
          dataSource={shown}
          loading={models.isLoading || reorder.isPending}
          pagination={false}
          scroll={{ x: 1100 }}
          size="middle"
          locale={{
            emptyText: (
              <Empty description={list.length ? '没有符合条件的模型' : '还没有模型'}>
                {list.length ? null : (
                  <Button type="primary" onClick={() => setDrawer('new')}>
                    新增模型
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Card>
      <Space style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">
          默认模型用于没有指定模型的智能体，必须启用且对所有用户开放；有智能体在用的模型不能删除，可以停用（这些智能体改用默认模型）。
        </Typography.Text>
      </Space>
      <ModelDrawer target={drawer} onClose={() => setDrawer(null)} />
      <ModelTestModal model={testing} open={testOpen} onClose={() => setTestOpen(false)} />
    </>
  );
}
