import type {
  AdminModel,
  AdminModelList,
  CreateModelInput,
  ModelOrderBody,
  ModelTestDelta,
  ModelTestDone,
  ModelTestError,
  ModelTestInput,
  ModelTestStart,
  UpdateModelInput,
} from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/request';
import { streamRequest } from '../../../lib/stream-request';
import { consoleKeys } from '../../lib/console-keys';

/** The console's models (docs/admin.md, Models and prices). */
const AREA = 'models';
const BASE = '/api/v1/admin/model';

/** GET /api/v1/admin/model: every model, in order. */
export function useModels() {
  return useQuery({
    queryKey: consoleKeys.of(AREA, 'list'),
    queryFn: ({ signal }) => request.get<AdminModelList>(BASE, { signal }),
  });
}

/** A change of the models: says it worked and refreshes the list. */
function useModelAction<V>(run: (vars: V) => Promise<unknown>, done: (t: TFunction, vars: V) => string) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: run,
    onSuccess: (_data, vars) => {
      void message.success(done(t, vars));
      return queryClient.invalidateQueries({ queryKey: consoleKeys.area(AREA) });
    },
  });
}

export const useCreateModel = () =>
  useModelAction(
    (body: CreateModelInput) => request.post<AdminModel>(BASE, { data: body }),
    (t) => t('models.done.added'),
  );

export const useUpdateModel = () =>
  useModelAction(
    ({ id, body }: { id: string; body: UpdateModelInput; done?: string }) =>
      request.put<AdminModel>(`${BASE}/${encodeURIComponent(id)}`, { data: body }),
    (t, vars) => vars.done ?? t('common.saved'),
  );

export const useSetDefaultModel = () =>
  useModelAction(
    (id: string) => request.post<AdminModel>(`${BASE}/${encodeURIComponent(id)}/default`),
    (t) => t('models.done.madeDefault'),
  );

export const useDeleteModel = () =>
  useModelAction(
    (id: string) => request.delete(`${BASE}/${encodeURIComponent(id)}`),
    (t) => t('models.done.deleted'),
  );

export const useReorderModels = () =>
  useModelAction(
    (ids: string[]) =>
      request.put<AdminModelList>(`${BASE}/order`, { data: { ids } satisfies ModelOrderBody }),
    (t) => t('models.done.reordered'),
  );

/** The events of the test button's stream. */
export type ModelTestEvents = {
  start: ModelTestStart;
  delta: ModelTestDelta;
  done: ModelTestDone;
  error: ModelTestError;
};

/** POST /api/v1/admin/model/{id}/test, read event by event; a refusal rejects with its ApiError (no toast). */
export function streamModelTest(id: string, prompt: string, signal: AbortSignal) {
  return streamRequest<ModelTestEvents>(`${BASE}/${encodeURIComponent(id)}/test`, {
    data: (prompt ? { prompt } : {}) satisfies ModelTestInput,
    signal,
    hideErrorToast: true,
    finalEvents: ['done', 'error'],
  });
}
