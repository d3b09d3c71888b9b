import type { CSSProperties, ReactEventHandler } from 'react';
import { imageSrcSet, type ImageSize } from '@bande/shared/images';
import { usePreloadImage } from '../app/head/index.ts';
import styles from './photo.module.css';

export interface ResponsiveImageProps {
  /** The original's address: the <img> fallback, and the key of `info` in a response's `images`. */
  src: string;
  alt: string;
  /** The image's size and variants (a public response's `images[src]`); without it, a plain <img>. */
  info?: ImageSize;
  /** The displayed width, as in the CSS layout (e.g. '(min-width: 70rem) 22rem, 100vw'): picks the variant. */
  sizes?: string;
  /** Width and height attributes when `info` is missing (the intrinsic size wins when known). */
  width: number;
  height: number;
  /** 'lazy' (default) below the fold. */
  loading?: 'lazy' | 'eager';
  /** The page's main (LCP) image: loaded at once, first, and preloaded from the server's <head>. */
  priority?: boolean;
  className?: string;
  onError?: ReactEventHandler<HTMLImageElement>;
}

/**
 * The AVIF source's candidates: the AVIF where one was made (only at 960 px, when lighter than the WebP),
 * the WebP at the other widths. Every browser that decodes AVIF decodes WebP and images are decoded by
 * their content, so the browser still chooses among all the widths: an AVIF-only list would make it take
 * the 960 px AVIF for a 56 px avatar.
 */
function avifSrcSet(info: ImageSize): string {
  const avif = info.variants.filter((variant) => variant.type === 'image/avif');
  if (avif.length === 0) return '';
  const avifWidths = new Set(avif.map((variant) => variant.width));
  const others = info.variants.filter((variant) => variant.type === 'image/webp' && !avifWidths.has(variant.width));
  return imageSrcSet({ variants: [...avif, ...others.map((variant) => ({ ...variant, type: 'image/avif' as const }))] }, 'image/avif');
}

/** Asks the server render for a <link rel="preload"> in the head (nothing happens in the browser). */
function Preload({ href, imageSrcSet, imageSizes, type }: { href: string; imageSrcSet?: string; imageSizes?: string; type?: string }) {
  usePreloadImage({ href, imageSrcSet, imageSizes, type });
  return null;
}

/**
 * An image with its WebP (and AVIF) variants: a <picture> whose sources let the browser fetch the
 * width the layout needs, the original in the <img> for browsers without WebP.
 */
export function ResponsiveImage({ src, alt, info, sizes = '100vw', width, height, loading = 'lazy', priority = false, className, onError }: ResponsiveImageProps) {
  const webp = info ? imageSrcSet(info, 'image/webp') : '';
  // The preloaded set is the WebP one: an AVIF source would make the browser fetch the image twice.
  const avif = info && webp && !priority ? avifSrcSet(info) : '';
  const largestWebp = info?.variants.filter((variant) => variant.type === 'image/webp').sort((a, b) => b.width - a.width)[0];
  const img = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={info?.width ?? width}
      height={info?.height ?? height}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={onError}
    />
  );
  const preload = priority ? (
    webp && largestWebp ? <Preload href={largestWebp.url} imageSrcSet={webp} imageSizes={sizes} type="image/webp" /> : <Preload href={src} />
  ) : null;
  if (!webp) {
    return (
      <>
        {preload}
        {img}
      </>
    );
  }
  return (
    <>
      {preload}
      <picture className={styles.picture}>
        {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
        <source type="image/webp" srcSet={webp} sizes={sizes} />
        {img}
      </picture>
    </>
  );
}

export interface PhotoProps {
  /** Image address; when missing a drawn stage placeholder takes its place. */
  src: string | null | undefined;
  /** Alternative text ('' for a decorative image). */
  alt: string;
  /** The box's proportions (and the <img> size attributes when `info` is missing): no layout shift. */
  width: number;
  height: number;
  /** Size and variants of `src` (from the response's `images`), for srcset. */
  info?: ImageSize;
  /** The box's displayed width, from the CSS layout; see ResponsiveImage. */
  sizes?: string;
  /** 'lazy' below the fold (default); prefer `priority` for the page's main image. */
  loading?: 'lazy' | 'eager';
  /** The page's main (LCP) image: eager, high fetch priority, preloaded. */
  priority?: boolean;
  /** How the image fills its box (default cover). */
  fit?: 'cover' | 'contain';
  /** Text drawn on the placeholder (a show's name, a person's initials). */
  placeholderLabel?: string;
  className?: string;
  /** Rounded corners on the box itself (when not inside a Card). */
  rounded?: boolean;
  onError?: ReactEventHandler<HTMLImageElement>;
}

/** A photo in a fixed-ratio box (no layout shift), or a curtain placeholder when there is none. */
export function Photo({ src, alt, width, height, info, sizes, loading, priority, fit = 'cover', placeholderLabel, className, rounded = false, onError }: PhotoProps) {
  const boxStyle: CSSProperties = { aspectRatio: `${width} / ${height}` };
  const classes = [styles.box, rounded ? styles.rounded : '', className].filter(Boolean).join(' ');
  if (!src) {
    return (
      <div className={`${classes} ${styles.placeholder}`} style={boxStyle} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        <span className={styles.curtainLeft} aria-hidden="true" />
        <span className={styles.curtainRight} aria-hidden="true" />
        {placeholderLabel ? (
          <span className={styles.placeholderLabel} aria-hidden="true">
            {placeholderLabel}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <div className={classes} style={boxStyle}>
      <ResponsiveImage
        className={fit === 'contain' ? styles.contain : styles.cover}
        src={src}
        alt={alt}
        width={width}
        height={height}
        info={info}
        sizes={sizes}
        loading={loading}
        priority={priority}
        onError={onError}
      />
    </div>
  );
}
