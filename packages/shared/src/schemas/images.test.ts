import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariantUrl } from './images.ts';

describe('image variant helpers', () => {
  it('names a variant beside its original, whatever the extension', () => {
    expect(imageVariantUrl('/uploads/2026/11/abc.jpg', 960, 'webp')).toBe('/uploads/2026/11/abc.w960.webp');
    expect(imageVariantUrl('/uploads/demo/show-la.chatte.png', 480, 'avif')).toBe('/uploads/demo/show-la.chatte.w480.avif');
  });

  it('builds a srcset of one type, narrowest first', () => {
    const variants = [
      { url: '/u/a.w1600.webp', width: 1600, type: 'image/webp' as const },
      { url: '/u/a.w960.avif', width: 960, type: 'image/avif' as const },
      { url: '/u/a.w480.webp', width: 480, type: 'image/webp' as const },
    ];
    expect(imageSrcSet({ variants })).toBe('/u/a.w480.webp 480w, /u/a.w1600.webp 1600w');
    expect(imageSrcSet({ variants }, 'image/avif')).toBe('/u/a.w960.avif 960w');
    expect(imageSrcSet({ variants: [] })).toBe('');
  });
});
