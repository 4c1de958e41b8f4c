import { UPLOAD_RULES } from '@lingxi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { uploadFile } from '../../../lib/upload';
import { queryKeys } from '../../../lib/query-keys';
import { addUploadDocument } from '../api/add-upload-document';
import { DOCUMENT_EXTENSIONS, extensionOf, formatBytes } from './format';

/** Files sent at the same time; the rest wait their turn. */
const PARALLEL = 3;
/** A finished file leaves the list after this long (it is in the documents list by then). */
export const DONE_LINGER_MS = 1500;

export type UploadStage = 'waiting' | 'uploading' | 'adding' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  bytes: number;
  stage: UploadStage;
  /** 0…1 while uploading. */
  progress: number;
  error: string | null;
  /** A failure that may be tried again (the file passed the checks). */
  retryable: boolean;
}

interface Job {
  key: string;
  file: File;
}

let nextKey = 0;

/**
 * Several files at once into one base: each is checked, uploaded through a grant (purpose knowledge_doc) with its
 * own progress, then added to the base; a failure stays on its row with the reason.
 */
export function useDocumentUploads(baseId: number, maxBytes: number = UPLOAD_RULES.knowledge_doc.maxBytes) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<Job[]>([]);
  const running = useRef(0);
  const files = useRef(new Map<string, File>());
  const alive = useRef(true);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    alive.current = true;
    const pending = timers.current;
    return () => {
      alive.current = false;
      pending.forEach(clearTimeout);
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    if (!alive.current) return;
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const runOne = useCallback(
    async ({ key, file }: Job) => {
      patch(key, { stage: 'uploading', progress: 0, error: null });
      try {
        // Browsers label .md files inconsistently (or not at all): send the type its extension says.
        const type = DOCUMENT_EXTENSIONS[extensionOf(file.name)] ?? file.type;
        const body = file.type === type ? file : new File([file], file.name, { type });
        const info = await uploadFile(body, {
          purpose: 'knowledge_doc',
          fileName: file.name,
          quiet: true,
          onProgress: (progress) => patch(key, { progress }),
        });
        patch(key, { stage: 'adding', progress: 1 });
        await addUploadDocument(baseId, info.id);
        patch(key, { stage: 'done' });
        files.current.delete(key);
        void queryClient.invalidateQueries({ queryKey: queryKeys.knowledge.all });
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          if (alive.current) setItems((list) => list.filter((item) => item.key !== key));
        }, DONE_LINGER_MS);
        timers.current.add(timer);
      } catch (error) {
        const message = isApiError(error) ? error.message : t('knowledge.upload.failed');
        patch(key, { stage: 'failed', error: message });
      }
    },
    [baseId, patch, queryClient, t],
  );

  /** Up to PARALLEL workers, each taking the next file until none is left. */
  const pump = useCallback(() => {
    const worker = async () => {
      while (queue.current.length > 0) await runOne(queue.current.shift()!);
      running.current -= 1;
    };
    while (running.current < PARALLEL && queue.current.length > 0) {
      running.current += 1;
      void worker();
    }
  }, [runOne]);

  /** Checks each file first: a wrong type or an oversize file fails on its row without being sent. */
  const add = useCallback(
    (picked: File[]) => {
      const added: UploadItem[] = [];
      for (const file of picked) {
        const key = `u${++nextKey}`;
        let error: string | null = null;
        if (!DOCUMENT_EXTENSIONS[extensionOf(file.name)]) error = t('knowledge.upload.badType');
        else if (file.size > maxBytes)
          error = t('knowledge.upload.tooLarge', { size: formatBytes(maxBytes) });
        else if (file.size === 0) error = t('knowledge.upload.empty');
        added.push({
          key,
          name: file.name,
          bytes: file.size,
          stage: error ? 'failed' : 'waiting',
          progress: 0,
          error,
          retryable: !error,
        });
        if (!error) {
          files.current.set(key, file);
          queue.current.push({ key, file });
        }
      }
      setItems((list) => [...added, ...list]);
      pump();
    },
    [maxBytes, pump, t],
  );

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      patch(key, { stage: 'waiting', progress: 0, error: null });
      queue.current.push({ key, file });
      pump();
    },
    [patch, pump],
  );

  const dismiss = useCallback((key: string) => {
    files.current.delete(key);
    queue.current = queue.current.filter((job) => job.key !== key);
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  return { items, add, retry, dismiss };
}
