import { useEffect, useRef, useState } from 'react';
import type { GalleryItem } from '@bande/shared/schemas/gallery';
import { embedUrlOf, itemTitle, thumbnailOf } from './gallery-media.ts';
import styles from './bonus-page.module.css';

/**
 * A YouTube video in the lightbox: its picture first (nothing is loaded from YouTube before the visitor
 * asks), then the privacy-enhanced youtube-nocookie.com player.
 */
export function YoutubeFrame({ item }: { item: GalleryItem }) {
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
        <img src={thumbnail} alt="" width={480} height={360} decoding="async" onError={() => setPictureFailed(true)} />
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
