import { useState } from 'react';
import type { GalleryItem } from '@bande/shared/schemas/gallery';
import { Photo } from '../../components/photo.tsx';
import { TYPE_LABELS, itemAction, itemTitle, thumbnailOf } from './gallery-media.ts';
import styles from './bonus-page.module.css';

export interface GalleryGridProps {
  items: GalleryItem[];
  onOpen: (item: GalleryItem) => void;
}

/** A mosaic of tiles; each one is a button that opens the item (the first, larger, leads the eye). */
export function GalleryGrid({ items, onOpen }: GalleryGridProps) {
  return (
    <ul role="list" className={styles.grid} data-count={items.length}>
      {items.map((item, index) => {
        const title = itemTitle(item);
        return (
          <li key={item.id} className={styles.tile} data-type={item.type}>
            <button type="button" className={styles.tileButton} onClick={() => onOpen(item)} aria-label={`${itemAction(item)} : ${title}`}>
              <Thumbnail item={item} eager={index < 4} />
              <span className={styles.badge} aria-hidden="true">
                {TYPE_LABELS[item.type]}
              </span>
              {item.type !== 'photo' ? (
                <span className={styles.play} aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
                    <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
                  </svg>
                </span>
              ) : null}
              <span className={styles.tileCaption} aria-hidden="true">
                <span className={styles.tileTitle}>{title}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The tile's picture (decorative: the button names the item). A missing or unreachable picture (a
 * YouTube frame when YouTube is blocked) gives way to the drawn stage of <Photo>, never a broken image.
 */
function Thumbnail({ item, eager }: { item: GalleryItem; eager: boolean }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? null : thumbnailOf(item);
  if (!src) {
    return <Photo src={null} alt="" width={800} height={600} className={styles.tileImage} />;
  }
  return (
    <span className={styles.tileImage}>
      <img src={src} alt="" width={800} height={600} loading={eager ? 'eager' : 'lazy'} decoding="async" onError={() => setFailed(true)} />
    </span>
  );
}
