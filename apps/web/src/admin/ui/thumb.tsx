import type { ReactEventHandler } from 'react';
import { useQuery } from '@tanstack/react-query';
import { imageSrcSet, type ImageMap } from '@bande/shared/images';
import { adminImagesKey } from '../lib/admin-api.ts';
import styles from './ui.module.css';

/** The size and variants of `src`, as the list that named it brought them (lib/admin-api.ts), if any. */
function useImageInfo(src: string) {
  // Nothing to fetch: the lists' answers fill this entry, and the thumbnails follow it.
  return useQuery({ queryKey: adminImagesKey, queryFn: () => ({}) as ImageMap, enabled: false, staleTime: Infinity, select: (images: ImageMap) => images[src] }).data;
}

interface ThumbProps {
  src: string;
  alt?: string;
  className?: string;
  /** The displayed width (CSS): the browser takes the smallest variant that covers it. */
  sizes?: string;
  onError?: ReactEventHandler<HTMLImageElement>;
}

/**
 * A list's small picture: the upload's WebP variants when the list's answer named them (480 px, a few
 * kilobytes), else the original (a link to another site, an upload without variants). The <picture>
 * lays out as nothing (`display: contents`), so that the <img> is styled as if it stood alone.
 */
export function Thumb({ src, alt = '', className, sizes = '3rem', onError }: ThumbProps) {
  const info = useImageInfo(src);
  const webp = info ? imageSrcSet(info, 'image/webp') : '';
  const img = <img src={src} alt={alt} className={className} loading="lazy" decoding="async" onError={onError} />;
  if (!webp) return img;
  return (
    <picture className={styles.picture}>
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      {img}
    </picture>
  );
}
