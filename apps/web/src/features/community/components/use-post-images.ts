import { POST_IMAGES_MAX, UPLOAD_RULES } from '@lingxi/contract';
import { Toast } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkUploadFile, uploadFile } from '../../../lib/upload';
import type { DraftImage } from './release-draft';

export type PostImageStatus = 'uploading' | 'done' | 'failed';

/** One image of the post being written: uploading (with its progress), uploaded, or failed (retry or remove). */
export interface PostImageItem {
  key: string;
  status: PostImageStatus;
  /** 0…1 while uploading. */
  progress: number;
  /** What the tile shows: the picked file while it uploads, the stored image once uploaded. */
  preview: string;
  uploaded: DraftImage | null;
}

let nextKey = 0;
const newKey = () => `img-${++nextKey}`;

/**
 * The release page's images, in the order they will be posted: each picked file uploads at once
 * (`post_image`, with progress), a failure keeps the tile with 重试, and uploaded ones start the draft's list.
 */
export function usePostImages(initial: readonly DraftImage[]) {
  const { t } = useTranslation();
  const [items, setItems] = useState<PostImageItem[]>(() =>
    initial.map((image) => ({
      key: newKey(),
      status: 'done',
      progress: 1,
      preview: image.url,
      uploaded: image,
    })),
  );
  // Files and uploads in flight by key: a retry sends the same file again, a removal aborts its upload.
  const files = useRef(new Map<string, File>());
  const aborts = useRef(new Map<string, AbortController>());
  const blobs = useRef(new Map<string, string>());

  const patch = useCallback((key: string, change: Partial<PostImageItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const dropBlob = useCallback((key: string) => {
    const url = blobs.current.get(key);
    if (url) URL.revokeObjectURL(url);
    blobs.current.delete(key);
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      aborts.current.set(key, controller);
      patch(key, { status: 'uploading', progress: 0 });
      uploadFile(file, {
        purpose: 'post_image',
        quiet: true,
        signal: controller.signal,
        onProgress: (fraction) => patch(key, { progress: fraction }),
      }).then(
        (info) => {
          aborts.current.delete(key);
          files.current.delete(key);
          const uploaded = { id: info.id, url: info.url, width: info.width ?? 0, height: info.height ?? 0 };
          patch(key, { status: 'done', progress: 1, uploaded });
        },
        () => {
          if (controller.signal.aborted) return;
          aborts.current.delete(key);
          patch(key, { status: 'failed' });
        },
      );
    },
    [patch],
  );

  const add = useCallback(
    (picked: readonly File[]) => {
      const room = POST_IMAGES_MAX - items.length;
      if (picked.length > room) Toast.show({ content: t('release.imagesMax', { count: POST_IMAGES_MAX }) });
      const accepted: File[] = [];
      for (const file of picked.slice(0, Math.max(0, room))) {
        const problem = checkUploadFile(file, 'post_image');
        if (problem === 'type') Toast.show({ content: t('release.imageType') });
        else if (problem === 'size')
          Toast.show({
            content: t('release.imageTooLarge', { mb: UPLOAD_RULES.post_image.maxBytes / 1024 / 1024 }),
          });
        else accepted.push(file);
      }
      const added = accepted.map((file) => {
        const key = newKey();
        const preview = URL.createObjectURL(file);
        files.current.set(key, file);
        blobs.current.set(key, preview);
        return {
          key,
          file,
          item: { key, status: 'uploading', progress: 0, preview, uploaded: null } as const,
        };
      });
      if (added.length === 0) return;
      setItems((list) => [...list, ...added.map((a) => a.item)]);
      added.forEach((a) => start(a.key, a.file));
    },
    [items.length, start, t],
  );

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (file) start(key, file);
    },
    [start],
  );

  const remove = useCallback(
    (key: string) => {
      aborts.current.get(key)?.abort();
      aborts.current.delete(key);
      files.current.delete(key);
      dropBlob(key);
      setItems((list) => list.filter((item) => item.key !== key));
    },
    [dropBlob],
  );

  /** Moves an image one place left (-1) or right (+1). */
  const move = useCallback((key: string, step: -1 | 1) => {
    setItems((list) => {
      const from = list.findIndex((item) => item.key === key);
      const to = from + step;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const next = [...list];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  }, []);

  // Leaving the page: stop what is uploading, free the previews.
  useEffect(() => {
    const inFlight = aborts.current;
    const previews = blobs.current;
    return () => {
      inFlight.forEach((controller) => controller.abort());
      previews.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const uploaded = useMemo(
    () => items.flatMap((item) => (item.status === 'done' && item.uploaded ? [item.uploaded] : [])),
    [items],
  );
  return {
    items,
    /** Uploaded images in order: what the draft keeps and the post sends. */
    uploaded,
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'failed'),
    add,
    retry,
    remove,
    move,
  };
}
