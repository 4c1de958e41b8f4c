import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminModel } from '@lingxi/contract';
import { Alert, App, Button, Card, Empty, Input, Segmented, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const [q, setQ] = useState('');

  const list = useMemo(() => models.data?.list ?? [], [models.data]);
  const term = q.trim().toLowerCase();
  // Filters only narrow what is shown: the order buttons move within the whole list.
  const shown = list.filter(
    (m) =>
      (show === 'all' || (show === 'enabled') === m.enabled) &&
      (!term || [m.id, m.name, m.upstream_model].some((s) => s.toLowerCase().includes(term))),
  );
  const columns = modelColumns(t, shown, {
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
            ? t(value ? 'models.done.enabled' : 'models.done.disabled', { name: m.name })
            : t(value ? 'models.done.vipOnly' : 'models.done.openToAll', { name: m.name }),
      }),
    makeDefault: (m) =>
      defaultRefusal(t, m)
        ? modal.warning({ title: t('models.default.refusedTitle'), content: defaultRefusal(t, m) })
        : modal.confirm({
            title: t('models.default.confirmTitle', { name: m.name }),
            content: t('models.default.confirmText'),
            onOk: () => setDefault.mutateAsync(m.id).catch(() => undefined),
          }),
    remove: (m) =>
      m.delete_refusal
        ? modal.warning({ title: t('models.remove.refusedTitle'), content: m.delete_refusal })
        : modal.confirm({
            title: t('models.remove.confirmTitle', { name: m.name }),
            content: t('models.remove.confirmText'),
            okText: t('common.delete'),
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
        title={t('models.title')}
        description={t('models.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer('new')}>
            {t('models.add')}
          </Button>
        }
      />
      {models.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('models.loadFailed')}
          action={<Button onClick={() => void models.refetch()}>{t('common.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Card styles={{ body: { padding: 16 } }}>
        <div className="console-toolbar">
          <Input.Search
            allowClear
            placeholder={t('models.searchPlaceholder')}
            style={{ width: 320 }}
            onSearch={setQ}
            onChange={(e) => !e.target.value && setQ('')}
          />
          <Segmented<Show>
            value={show}
            onChange={setShow}
            options={[
              { label: `${t('common.all')} ${list.length}`, value: 'all' },
              { label: `${t('common.enabled')} ${enabled}`, value: 'enabled' },
              { label: `${t('common.disabled')} ${list.length - enabled}`, value: 'disabled' },
            ]}
          />
          <div style={{ flex: 1 }} />
          <Typography.Text type="secondary">{t('models.orderHint')}</Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void models.refetch()}
            loading={models.isFetching}
            aria-label={t('common.refresh')}
          />
        </div>
        <Table<AdminModel>
          rowKey="id"
          columns={columns}
          dataSource={shown}
          loading={models.isLoading || reorder.isPending}
          pagination={false}
          scroll={{ x: 1240 }}
          size="middle"
          locale={{
            emptyText: (
              <Empty description={list.length ? t('models.emptyFiltered') : t('models.empty')}>
                {list.length ? null : (
                  <Button type="primary" onClick={() => setDrawer('new')}>
                    {t('models.add')}
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Card>
      <Space style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">{t('models.footnote')}</Typography.Text>
      </Space>
      <ModelDrawer target={drawer} onClose={() => setDrawer(null)} />
      <ModelTestModal model={testing} open={testOpen} onClose={() => setTestOpen(false)} />
    </>
  );
}
