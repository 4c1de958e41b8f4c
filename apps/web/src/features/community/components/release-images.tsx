import { POST_IMAGES_MAX, UPLOAD_RULES } from '@lingxi/contract';
import { ProgressCircle } from 'antd-mobile';
import { AddOutline, CloseOutline, LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageUrl } from '../../../lib/image-url';
import { useLongPress } from '../../../lib/use-long-press';
import type { PostImageItem } from './use-post-images';
import './release-images.css';

/** The width a tile is drawn at (three to a row on a phone). */
const TILE_PX = 112;

interface TileProps {
  item: PostImageItem;
  index: number;
  count: number;
  arranging: boolean;
  onArrange: (key: string | null) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, step: -1 | 1) => void;
}

function Tile({ item, index, count, arranging, onArrange, onRetry, onRemove, onMove }: TileProps) {
  const { t } = useTranslation();
  const src = useImageUrl(item.preview, TILE_PX);
  const press = useLongPress(() => onArrange(item.key));
  const percent = Math.round(item.progress * 100);
  return (
    <li
      className={`lx-release-image${arranging ? ' lx-release-image--arranging' : ''}`}
      data-testid="release-image"
      data-status={item.status}
      data-image-id={item.uploaded?.id}
      {...press}
    >
      <img
        className="lx-release-image__img"
        src={src}
        draggable={false}
        alt={t('release.imageAlt', { index: index + 1 })}
      />
      {item.status === 'uploading' ? (
        <span className="lx-release-image__veil" data-testid="release-image-progress">
          <ProgressCircle percent={percent} style={{ '--size': '40px', '--track-width': '3px' }}>
            <span className="lx-release-image__percent">{percent}%</span>
          </ProgressCircle>
        </span>
      ) : null}
      {item.status === 'failed' ? (
        <span className="lx-release-image__veil lx-release-image__veil--failed">
          <span className="lx-release-image__failed">{t('release.uploadFailed')}</span>
          <button
            type="button"
            className="lx-release-image__retry"
            onClick={() => onRetry(item.key)}
            data-testid="release-image-retry"
          >
            {t('release.retry')}
          </button>
        </span>
      ) : null}
      {index === 0 && count > 1 && item.status === 'done' ? (
        <span className="lx-release-image__cover">{t('release.cover')}</span>
      ) : null}
      <button
        type="button"
        className="lx-release-image__remove"
        aria-label={t('release.removeImage', { index: index + 1 })}
        onClick={() => onRemove(item.key)}
        data-testid="release-image-remove"
      >
        <CloseOutline />
      </button>
      {/* Always there for a keyboard or a screen reader (shown while focused, or on hover with a mouse); a finger
          brings them up with a long press. */}
      {count > 1 ? (
        <span className="lx-release-image__arrows">
          <button
            type="button"
            className="lx-release-image__arrow"
            aria-label={t('release.moveLeft')}
            disabled={index === 0}
            onClick={() => onMove(item.key, -1)}
            data-testid="release-image-left"
          >
            <LeftOutline />
          </button>
          <button
            type="button"
            className="lx-release-image__arrow"
            aria-label={t('release.moveRight')}
            disabled={index === count - 1}
            onClick={() => onMove(item.key, 1)}
            data-testid="release-image-right"
          >
            <RightOutline />
          </button>
        </span>
      ) : null}
    </li>
  );
}

interface ReleaseImagesProps {
  items: readonly PostImageItem[];
  onAdd: (files: File[]) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, step: -1 | 1) => void;
}

/**
 * The post's images, three to a row, up to nine: + adds from the album, × removes, a failed upload offers 重试.
 * To reorder, a long press picks an image up and its arrows move it a place left or right (touch-proof, no drag);
 * the arrows are also reachable with the keyboard (they show when focused) and on hover with a mouse.
 */
export function ReleaseImages({ items, onAdd, onRetry, onRemove, onMove }: ReleaseImagesProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [arranging, setArranging] = useState<string | null>(null);
  const current = items.some((item) => item.key === arranging) ? arranging : null;

  return (
    <div className="lx-release-images">
      <ul className="lx-release-images__grid" data-testid="release-images">
        {items.map((item, index) => (
          <Tile
            key={item.key}
            item={item}
            index={index}
            count={items.length}
            arranging={current === item.key}
            onArrange={setArranging}
            onRetry={onRetry}
            onRemove={onRemove}
            onMove={onMove}
          />
        ))}
        {items.length < POST_IMAGES_MAX ? (
          <li className="lx-release-images__add-cell">
            <button
              type="button"
              className="lx-release-images__add"
              aria-label={t('release.addImage')}
              onClick={() => input.current?.click()}
              data-testid="release-add-image"
            >
              <AddOutline />
              <span>
                {items.length}/{POST_IMAGES_MAX}
              </span>
            </button>
          </li>
        ) : null}
      </ul>
      {current !== null ? (
        <button
          type="button"
          className="lx-release-images__done"
          onClick={() => setArranging(null)}
          data-testid="release-arrange-done"
        >
          {t('release.arrangeDone')}
        </button>
      ) : items.length > 1 ? (
        <p className="lx-release-images__hint">{t('release.arrangeHint')}</p>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={UPLOAD_RULES.post_image.accept.join(',')}
        multiple
        hidden
        data-testid="release-image-file"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onAdd(files);
        }}
      />
    </div>
  );
}
