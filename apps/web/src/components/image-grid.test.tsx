import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeImages } from '../test/feed-fixtures';
import { renderWithProviders } from '../test/render-app';
import { ImageGrid, imageGridLayout, singleImageRatio } from './image-grid';

const grid = () => screen.getByTestId('image-grid');
const cells = () => screen.getAllByRole('button', { name: /^第 \d 张图片$/ });

describe('image grid', () => {
  it('lays one image alone, four as 2 × 2, any other count in rows of three', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(imageGridLayout)).toEqual([
      'single',
      'grid',
      'grid',
      'quad',
      'grid',
      'grid',
      'grid',
    ]);
  });

  it.each([
    [1, 'single', 'lx-image-grid--single'],
    [4, 'quad', 'lx-image-grid--quad'],
    [5, 'grid', 'lx-image-grid--grid'],
    [9, 'grid', 'lx-image-grid--grid'],
  ])('%i images: %s', (count, layout, className) => {
    renderWithProviders(<ImageGrid images={makeImages(count)} />);
    expect(grid()).toHaveAttribute('data-layout', layout);
    expect(grid()).toHaveClass(className);
    expect(cells()).toHaveLength(count);
  });

  it('keeps a lone image’s shape between 3:4 and 4:3', () => {
    expect(singleImageRatio({ width: 800, height: 600 })).toBeCloseTo(4 / 3);
    expect(singleImageRatio({ width: 3000, height: 500 })).toBeCloseTo(4 / 3);
    expect(singleImageRatio({ width: 500, height: 3000 })).toBeCloseTo(3 / 4);
    expect(singleImageRatio({ width: 900, height: 1000 })).toBeCloseTo(0.9);
    expect(singleImageRatio({ width: 0, height: 0 })).toBe(1);
    renderWithProviders(<ImageGrid images={makeImages(1, { width: 500, height: 3000 })} />);
    expect(cells()[0]!.style.aspectRatio).toBe(String(0.75));
  });

  it('asks for the width a cell is drawn at', () => {
    renderWithProviders(<ImageGrid images={makeImages(9)} />);
    const src = grid().querySelector('img')!.getAttribute('src');
    expect(src).toMatch(/^\/media\/u\/a+0\.jpg@w\d+$/);
  });

  it('a tap opens the viewer at that image and never the post around it', () => {
    const onCard = vi.fn();
    renderWithProviders(
      <div onClick={onCard}>
        <ImageGrid images={makeImages(3)} />
      </div>,
    );
    fireEvent.click(cells()[1]!);
    expect(onCard).not.toHaveBeenCalled();
    expect(document.querySelector('.adm-image-viewer-slides')).not.toBeNull();
    expect(document.querySelector('.adm-image-viewer-indicator')).toHaveTextContent('2 / 3');
  });

  it('draws nothing without images', () => {
    renderWithProviders(<ImageGrid images={[]} />);
    expect(screen.queryByTestId('image-grid')).toBeNull();
  });
});
