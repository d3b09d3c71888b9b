import { useEffect, useRef, useState } from 'react';
import type { GalleryItem } from '@bande/shared/schemas/gallery';
import { imageOf, type ImageMap } from '@bande/shared/images';
import { ResponsiveImage } from '../../components/photo.tsx';
import { embedUrlOf, itemTitle, thumbnailOf } from './gallery-media.ts';
import styles from './bonus-page.module.css';

/** The frame's width, from the CSS (.youtube): at most 64rem. */
const FRAME_SIZES = '(min-width: 64rem) 64rem, 100vw';

/**
 * A YouTube video in the lightbox: its picture first (the item's own poster when it has one, with its
 * variants from `images`; the player is not loaded before the visitor asks), then the privacy-enhanced
 * youtube-nocookie.com player.
 */
export function YoutubeFrame({ item, images }: { item: GalleryItem; images?: ImageMap }) {
  const [playing, setPlaying] = useState(false);
  const [pictureFailed, setPictureFailed] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const title = itemTitle(item);
  const embedUrl = embedUrlOf(item);
  const thumbnail = thumbnailOf(item);

  // The play button is gone: keep the focus in the dialog (not inside YouTube's frame, where Escape
  // and the arrows would no longer reach the lightbox).
  useEffect(() => {
    if (playing) frameRef.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
  }, [playing]);

  if (playing && embedUrl) {
    return (
      <div ref={frameRef} className={styles.youtube}>
        <iframe
          src={embedUrl}
          title={`Vidéo YouTube : ${title}`}
          width={1280}
          height={720}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  return (
    <div className={styles.youtube}>
      {thumbnail && !pictureFailed ? (
        <ResponsiveImage
          src={thumbnail}
          alt=""
          // YouTube's own frame is 480 × 360; an uploaded poster brings its size in `images`.
          width={480}
          height={360}
          info={imageOf(images, thumbnail)}
          sizes={FRAME_SIZES}
          loading="eager"
          onError={() => setPictureFailed(true)}
        />
      ) : null}
      {embedUrl ? (
        <button type="button" className={styles.youtubePlay} onClick={() => setPlaying(true)}>
          <span className={styles.youtubeIcon} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="34" height="34" focusable="false">
              <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
            </svg>
          </span>
          <span className="visually-hidden">Lire la vidéo YouTube : {title}</span>
        </button>
      ) : (
        <p className={styles.youtubeMissing}>Cette vidéo YouTube n&apos;est plus disponible.</p>
      )}
    </div>
  );
}
