import type { AdminCatalogueBot, AdminPage, CatalogueBotQuery } from '@lingxi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/request';
import { useAdminCategories } from '../../lib/categories';
import { consoleKeys } from '../../lib/console-keys';
import { formatCount } from '../../lib/format';
import { BotCell, CategoryTag } from '../../ui/bot-cell';

const PAGE_SIZE = 8;

/** Finds a listed bot by name or id (server-paged, hottest first) and hands it to `onPick`. */
export function BotPicker({
  open,
  title,
  taken,
  adding,
  onCancel,
  onPick,
}: {
  open: boolean;
  title: string;
  /** Bots already in the list: shown, not offered again. */
  taken: Set<number>;
  adding: number | null;
  onCancel: () => void;
  onPick: (bot: AdminCatalogueBot) => void;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const categories = useAdminCategories().data?.list;
  const query: CatalogueBotQuery = { q, page, page_size: PAGE_SIZE, sort: 'hot', order: 'desc' };
  const params = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const found = useQuery({
    queryKey: consoleKeys.list('catalogue', '/api/v1/admin/catalogue/bot', params),
    queryFn: () => request.get<AdminPage<AdminCatalogueBot>>('/api/v1/admin/catalogue/bot', { params }),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  return (
    <Modal title={title} open={open} onCancel={onCancel} footer={null} width={820} destroyOnHidden>
      <Input.Search
        placeholder={t('catalogue.picker.search')}
        allowClear
        enterButton={t('common.search')}
        onSearch={(text) => {
          setQ(text.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<AdminCatalogueBot>
        rowKey="id"
        size="small"
        tableLayout="fixed"
        loading={found.isFetching}
        dataSource={found.data?.list ?? []}
        locale={{ emptyText: q ? t('catalogue.picker.notFound') : t('catalogue.picker.none') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: found.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (n) => t('catalogue.picker.total', { count: n, value: formatCount(n) }),
        }}
        columns={[
          { title: t('catalogue.col.bot'), key: 'bot', render: (_v, b) => <BotCell bot={b} size={32} /> },
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
            ellipsis: true,
            render: (_v, b) => b.creator?.nickname ?? t('catalogue.official'),
          },
          {
            title: t('catalogue.col.chats'),
            key: 'chats',
            width: 90,
            align: 'right',
            render: (_v, b) => formatCount(b.stats.chats),
          },
          {
            title: '',
            key: 'pick',
            width: 90,
            align: 'right',
            render: (_v, b) =>
              taken.has(b.id) ? (
                <Button size="small" disabled>
                  {t('catalogue.picker.added')}
                </Button>
              ) : (
                <Button size="small" type="primary" loading={adding === b.id} onClick={() => onPick(b)}>
                  {t('catalogue.picker.add')}
                </Button>
              ),
          },
        ]}
      />
    </Modal>
  );
}
