import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { ImageSize } from '@bande/shared/images';
import { createHeadCollector, HeadProvider } from '../app/head/index.ts';
import { Photo, ResponsiveImage } from './photo.tsx';

const SRC = '/uploads/2026/03/scene.jpg';
const SIZES = '(min-width: 70rem) 22rem, 100vw';
const info: ImageSize = {
  width: 1600,
  height: 1067,
  variants: [
    { url: '/uploads/2026/03/scene.w1600.webp', width: 1600, type: 'image/webp' },
    { url: '/uploads/2026/03/scene.w480.webp', width: 480, type: 'image/webp' },
    { url: '/uploads/2026/03/scene.w960.avif', width: 960, type: 'image/avif' },
    { url: '/uploads/2026/03/scene.w960.webp', width: 960, type: 'image/webp' },
  ],
};
const webpOnly: ImageSize = { width: 600, height: 750, variants: [{ url: '/uploads/demo/portrait.w480.webp', width: 480, type: 'image/webp' }] };

const sources = (container: HTMLElement) =>
  [...container.querySelectorAll('picture > source')].map((source) => ({
    type: source.getAttribute('type'),
    srcset: source.getAttribute('srcset'),
    sizes: source.getAttribute('sizes'),
  }));

describe('Photo', () => {
  it('renders a picture with AVIF and WebP sources, the original as fallback, lazy by default', () => {
    const { container } = render(<Photo src={SRC} alt="La troupe salue" width={1200} height={800} info={info} sizes={SIZES} />);
    expect(sources(container)).toEqual([
      // The AVIF source keeps every width: the WebP stands in where no AVIF was made.
      { type: 'image/avif', srcset: '/uploads/2026/03/scene.w480.webp 480w, /uploads/2026/03/scene.w960.avif 960w, /uploads/2026/03/scene.w1600.webp 1600w', sizes: SIZES },
      { type: 'image/webp', srcset: '/uploads/2026/03/scene.w480.webp 480w, /uploads/2026/03/scene.w960.webp 960w, /uploads/2026/03/scene.w1600.webp 1600w', sizes: SIZES },
    ]);
    const img = screen.getByRole('img', { name: 'La troupe salue' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img).toHaveAttribute('src', SRC);
    // The intrinsic size from the variants' info wins over the box's proportions.
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1067');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    // The box keeps the layout's proportions, whatever the image's.
    expect(container.firstElementChild).toHaveStyle({ aspectRatio: '1200 / 800' });
  });

  it('has no AVIF source when none was made, and 100vw as the default sizes', () => {
    const { container } = render(<Photo src="/uploads/demo/portrait.jpg" alt="" width={800} height={1000} info={webpOnly} />);
    expect(sources(container)).toEqual([{ type: 'image/webp', srcset: '/uploads/demo/portrait.w480.webp 480w', sizes: '100vw' }]);
    expect(container.querySelector('img')).toHaveAttribute('width', '600');
  });

  it('renders a plain img with the given size when the image has no variants (an external link)', () => {
    const { container } = render(<Photo src="https://images.example.org/a.jpg" alt="Affiche" width={1200} height={800} sizes={SIZES} />);
    expect(container.querySelector('picture')).toBeNull();
    const img = screen.getByRole('img', { name: 'Affiche' });
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '800');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('draws the curtain placeholder without an image', () => {
    const { container } = render(<Photo src={null} alt="Portrait de Léa" width={800} height={1000} info={info} placeholderLabel="LM" />);
    expect(container.querySelector('img, picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Portrait de Léa' })).toHaveTextContent('LM');
  });

  it('loads a priority image at once and first, and preloads its WebP set from the server head', () => {
    const collector = createHeadCollector();
    const html = renderToString(
      <HeadProvider siteUrl="https://labande.example" collector={collector}>
        <Photo src={SRC} alt="Le spectacle" width={1200} height={800} info={info} sizes={SIZES} priority />
      </HeadProvider>,
    );
    expect(collector.preloads).toEqual([
      {
        href: '/uploads/2026/03/scene.w1600.webp',
        imageSrcSet: '/uploads/2026/03/scene.w480.webp 480w, /uploads/2026/03/scene.w960.webp 960w, /uploads/2026/03/scene.w1600.webp 1600w',
        imageSizes: SIZES,
        type: 'image/webp',
      },
    ]);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    // Only the preloaded (WebP) set: an AVIF source would fetch the image a second time.
    expect([...doc.querySelectorAll('source')].map((source) => source.getAttribute('type'))).toEqual(['image/webp']);
    const img = doc.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('preloads the original of a priority image without variants, and nothing for the others', () => {
    const collector = createHeadCollector();
    renderToString(
      <HeadProvider siteUrl="https://labande.example" collector={collector}>
        <Photo src="https://images.example.org/a.jpg" alt="" width={1200} height={800} priority />
        <Photo src={SRC} alt="" width={1200} height={800} info={info} />
        <Photo src={SRC} alt="" width={1200} height={800} info={info} loading="eager" />
      </HeadProvider>,
    );
    expect(collector.preloads).toEqual([{ href: 'https://images.example.org/a.jpg' }]);
  });
});

describe('ResponsiveImage', () => {
  it('passes its class and error handler to the img, for callers with their own box', () => {
    let failed = false;
    const { container } = render(
      <ResponsiveImage src={SRC} alt="" width={800} height={600} info={webpOnly} className="vignette" onError={() => (failed = true)} />,
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveClass('vignette');
    img.dispatchEvent(new Event('error'));
    expect(failed).toBe(true);
  });
});
