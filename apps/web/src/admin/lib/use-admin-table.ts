import type { AdminPage } from '@lingxi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { request } from '../../lib/request';
import { consoleKeys } from './console-keys';
import { downloadFile } from './download';

type Filters = Record<string, string>;
type Patch = Record<string, string | number | null | undefined>;

const PAGING = ['page', 'page_size'];

/**
 * A server-paged console table (docs/admin.md, Tables): page, size, sort, search text and filters live in the
 * address (a page can be linked and survives a reload), the list comes from `url` as `{ list, total }`, and the
 * same filters export the CSV. `area` names the cache entry (`['console', area, …]`) so an action can refresh it.
 */
export function useAdminTable<T extends object>(area: string, url: string, defaults: Filters = {}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters: Filters = { ...defaults, ...Object.fromEntries(params) };
  const page = Number(filters.page ?? 1) || 1;
  const pageSize = Number(filters.page_size ?? 20) || 20;

  const query = useQuery({
    queryKey: consoleKeys.list(area, url, filters),
    queryFn: () => request.get<AdminPage<T>>(url, { params: filters }),
    placeholderData: keepPreviousData,
  });

  /** Sets filters (null or '' removes one) and goes back to the first page. */
  const setFilter = useCallback(
    (patch: Patch) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!Object.keys(patch).some((key) => PAGING.includes(key))) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey ?? one.field) : null;
    setFilter({
      page: pagination.current ?? 1,
      page_size: pagination.pageSize ?? pageSize,
      sort: field,
      order: one?.order ? (one.order === 'ascend' ? 'asc' : 'desc') : null,
    });
  };

  /** A column's sort state, for `sortOrder` (controlled by the address). */
  const sortOrder = (key: string): SortOrder =>
    filters.sort === key ? (filters.order === 'asc' ? 'ascend' : 'descend') : null;

  const tableProps: TableProps<T> = {
    loading: query.isFetching,
    dataSource: query.data?.list ?? [],
    onChange,
    pagination: {
      current: page,
      pageSize,
      total: query.data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (total) => t('common.total', { count: total }),
    },
  };

  /** Downloads `csvUrl` with the table's filters (not its page): what the operator sees, all of it. */
  const exportCsv = (csvUrl: string, filename: string) => {
    const rest = Object.fromEntries(Object.entries(filters).filter(([key]) => !PAGING.includes(key)));
    return downloadFile(csvUrl, filename, rest);
  };

  return { query, tableProps, filters, setFilter, sortOrder, exportCsv };
}
