import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Thumb } from '../components/PostcardMedia';

/** greeting lists use the 36 px preview, drawn 36 px wide, the 78 px one for dense screens. */
describe('greeting list thumbnail', () => {
  it('shows preview_36 at 1x and preview_78x101 at 2x, 36 px wide', () => {
    const { container } = render(<Thumb src="/media/p/preview/36/a.webp" sharp="/media/p/preview/78x101/a.webp" alt="" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/p/preview/36/a.webp');
    expect(img.getAttribute('srcset')).toBe('/media/p/preview/36/a.webp 1x, /media/p/preview/78x101/a.webp 2x');
    expect(img.getAttribute('width')).toBe('36');
    expect(container.firstElementChild).toHaveClass('w-9');
  });

  it('falls back to the larger preview when there is no 36 px one', () => {
    const { container } = render(<Thumb src={null} sharp="/media/p/preview/78x101/a.webp" alt="" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/media/p/preview/78x101/a.webp');
  });
});
