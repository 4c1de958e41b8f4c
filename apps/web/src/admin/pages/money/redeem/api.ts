import type { AdminRedeemBatch, CreateRedeemBatchBody } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../../lib/request';
import { consoleKeys } from '../../../lib/console-keys';
import { downloadFile } from '../../../lib/download';
import { consoleI18n } from '../../../i18n';

export const REDEEM = 'redeem';
export const BATCHES_URL = '/api/v1/admin/redeem/batch';

/** The batch's codes as the CSV the server makes (docs/money.md, Redeem codes). */
export const downloadCodes = (b: { id: number }) =>
  downloadFile(`${BATCHES_URL}/${b.id}/codes.csv`, `${consoleI18n.t('redeem.csvName', { id: b.id })}.csv`);

function useBatchMutation<T>(fn: (input: T) => Promise<AdminRedeemBatch>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.area(REDEEM) }),
  });
}

/** POST /admin/redeem/batch. */
export const useCreateBatch = () =>
  useBatchMutation((body: CreateRedeemBatchBody) =>
    request.post<AdminRedeemBatch>(BATCHES_URL, { data: body }),
  );

/** POST /admin/redeem/batch/{id}/disable. */
export const useDisableBatch = () =>
  useBatchMutation((id: number) => request.post<AdminRedeemBatch>(`${BATCHES_URL}/${id}/disable`));
