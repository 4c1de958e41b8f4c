import type {
  AdminContentPageList,
  AdminFeedback,
  AdminTopic,
  AdminTopicList,
  AdminContentPage,
  ContentPageBody,
  ContentSlug,
  FeedbackHandleBody,
  Notice,
  SensitiveWordList,
  SensitiveWordsSaved,
  SensitiveWordsTestResult,
} from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { z } from 'zod';
import type { broadcastBody, topicBody } from '@lingxi/contract';
import { request } from '../../../lib/request';
import { consoleKeys } from '../../lib/console-keys';
import { t } from 'i18next';

/** The console's content area (docs/admin.md, Content): each list is its own area of the query cache. */
export const AREAS = {
  broadcasts: 'broadcasts',
  pages: 'content-pages',
  topics: 'topics',
  feedback: 'feedback',
  words: 'sensitive-words',
} as const;

/** An action's mutation: on success a message, and the area's lists and details asked again. */
function useAction<I, O>(area: string, fn: (input: I) => Promise<O>, done?: string | ((out: O) => string)) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out) => {
      if (done) void message.success(typeof done === 'string' ? done : done(out));
      await queryClient.invalidateQueries({ queryKey: consoleKeys.area(area) });
    },
  });
}

/* ---------- Broadcasts ---------- */

export type BroadcastInput = z.input<typeof broadcastBody>;
export const useSendBroadcast = () =>
  useAction(
    AREAS.broadcasts,
    (body: BroadcastInput) => request.post<Notice>('/api/v1/admin/notice/broadcast', { data: body }),
    t('content.api.sent'),
  );

/* ---------- Content pages ---------- */

export const useContentPages = () =>
  useQuery({
    queryKey: consoleKeys.of(AREAS.pages, 'list'),
    queryFn: () => request.get<AdminContentPageList>('/api/v1/admin/content'),
  });

export const useContentPage = (slug: ContentSlug | null) =>
  useQuery({
    queryKey: consoleKeys.of(AREAS.pages, 'page', slug),
    queryFn: () => request.get<AdminContentPage>(`/api/v1/admin/content/${slug}`),
    enabled: slug !== null,
    // The editor keeps its own draft: asking again behind it would only move `updated_at` under it.
    staleTime: Infinity,
  });

export const useSaveContentPage = () =>
  useAction(
    AREAS.pages,
    ({ slug, ...body }: ContentPageBody & { slug: ContentSlug }) =>
      request.put<AdminContentPage>(`/api/v1/admin/content/${slug}`, { data: body }),
    t('content.api.pageSaved'),
  );

/* ---------- Topics ---------- */

export type TopicInput = z.input<typeof topicBody>;
export const useTopics = () =>
  useQuery({
    queryKey: consoleKeys.of(AREAS.topics, 'list'),
    queryFn: () => request.get<AdminTopicList>('/api/v1/admin/topic'),
  });
export const useSaveTopic = () =>
  useAction(AREAS.topics, ({ id, ...body }: TopicInput & { id?: number }) =>
    id
      ? request.put<AdminTopic>(`/api/v1/admin/topic/${id}`, { data: body })
      : request.post<AdminTopic>('/api/v1/admin/topic', { data: body }),
  );
export const useDeleteTopic = () =>
  useAction(
    AREAS.topics,
    (id: number) => request.delete(`/api/v1/admin/topic/${id}`),
    t('content.api.topicDeleted'),
  );

/* ---------- Feedback ---------- */

export const useHandleFeedback = () =>
  useAction(
    AREAS.feedback,
    ({ id, ...body }: FeedbackHandleBody & { id: number }) =>
      request.post<AdminFeedback>(`/api/v1/admin/feedback/${id}/handle`, { data: body }),
    (f) => (f.reply ? t('content.api.handledReplied') : t('content.api.handled')),
  );

/** How many are waiting (the tab's badge): the open list's total. */
export const useOpenFeedbackCount = () =>
  useQuery({
    queryKey: consoleKeys.of(AREAS.feedback, 'open-count'),
    queryFn: () =>
      request.get<{ total: number }>('/api/v1/admin/feedback', { params: { status: 'open', page_size: 1 } }),
    select: (page) => page.total,
  });

/* ---------- Sensitive words ---------- */

export const useSensitiveWords = () =>
  useQuery({
    queryKey: consoleKeys.of(AREAS.words, 'list'),
    queryFn: () => request.get<SensitiveWordList>('/api/v1/admin/sensitive-words'),
    staleTime: Infinity,
  });
export const useSaveSensitiveWords = () =>
  useAction(AREAS.words, (words: string[]) =>
    request.put<SensitiveWordsSaved>('/api/v1/admin/sensitive-words', { data: { words } }),
  );
export const testSensitiveWords = (text: string, words?: string[]) =>
  request.post<SensitiveWordsTestResult>('/api/v1/admin/sensitive-words/test', { data: { text, words } });
