import type { PostImage } from '@lingxi/contract';
import { ImageViewer } from 'antd-mobile';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommonStore } from '../lib/common-store';
import { imageUrl, useImageUrl } from '../lib/image-url';
import './image-grid.css';

export type ImageGridLayout = 'single' | 'quad' | 'grid';

/** As users know it from their feeds: one image alone, four as 2 × 2, any other count in rows of three. */
export function imageGridLayout(count: number): ImageGridLayout {
  if (count === 1) return 'single';
  if (count === 4) return 'quad';
  return 'grid';
}

/** A lone image keeps its shape, clamped between 3:4 and 4:3 so a panorama or a long screenshot stays sane. */
export function singleImageRatio(image: Pick<PostImage, 'width' | 'height'>): number {
  if (image.width <= 0 || image.height <= 0) return 1;
  return Math.min(4 / 3, Math.max(3 / 4, image.width / image.height));
}

/** The CSS width a cell is drawn at on a phone (the card's inner width is about 315 px, the detail's 343 px). */
const CELL_WIDTH: Record<ImageGridLayout, { feed: number; large: number }> = {
  single: { feed: 210, large: 343 },
  quad: { feed: 155, large: 170 },
  grid: { feed: 105, large: 115 },
};

function GridImage({
  image,
  width,
  label,
  style,
  onOpen,
}: {
  image: PostImage;
  width: number;
  label: string;
  style?: CSSProperties;
  onOpen: () => void;
}) {
  const src = useImageUrl(image.url, width);
  return (
    <button type="button" className="lx-image-grid__cell" style={style} onClick={onOpen} aria-label={label}>
      <img
        className="lx-image-grid__img"
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
      />
    </button>
  );
}

interface ImageGridProps {
  images: PostImage[];
  /** The post's detail: larger cells, a lone image up to the full width. */
  large?: boolean;
}

/** A post's images; a tap opens them full screen at that one (swipe between them, pinch to zoom). */
export function ImageGrid({ images, large = false }: ImageGridProps) {
  const { t } = useTranslation();
  const cdnBase = useCommonStore().systemSetting?.cdn_base ?? '';
  const [viewing, setViewing] = useState<number | null>(null);
  if (images.length === 0) return null;
  const layout = imageGridLayout(images.length);
  const width = CELL_WIDTH[layout][large ? 'large' : 'feed'];
  const single = layout === 'single' ? { aspectRatio: String(singleImageRatio(images[0]!)) } : undefined;
  return (
    // The grid's taps (and the viewer's, which React bubbles through its portal) stay here: they never open the
    // post around it.
    <div
      className={`lx-image-grid lx-image-grid--${layout}${large ? ' lx-image-grid--large' : ''}`}
      data-testid="image-grid"
      data-layout={layout}
      onClick={(event) => event.stopPropagation()}
    >
      {images.map((image, index) => (
        <GridImage
          key={`${index}-${image.url}`}
          image={image}
          width={width}
          style={single}
          label={t('community.image', { index: index + 1 })}
          onOpen={() => setViewing(index)}
        />
      ))}
      {viewing !== null ? (
        <ImageViewer.Multi
          images={images.map((image) => imageUrl(image.url, 750, { cdnBase }))}
          defaultIndex={viewing}
          visible
          onClose={() => setViewing(null)}
        />
      ) : null}
    </div>
  );
}
