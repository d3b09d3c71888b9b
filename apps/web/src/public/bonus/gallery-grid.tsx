import { useState } from 'react';
import type { GalleryItem } from '@bande/shared/schemas/gallery';
import { imageOf, type ImageMap } from '@bande/shared/images';
import { Photo, ResponsiveImage } from '../../components/photo.tsx';
import { TYPE_LABELS, itemAction, itemTitle, thumbnailOf } from './gallery-media.ts';
import styles from './bonus-page.module.css';

/**
 * The pictures' widths, from the CSS: tiles at least 17rem wide and at most 16rem high, which a landscape
 * photo covers at about 24rem; the first tile spans two columns and two rows from 48rem on.
 */
const TILE_SIZES = '(min-width: 48rem) 24rem, 100vw';
const FIRST_TILE_SIZES = '(min-width: 48rem) 50rem, 100vw';

export interface GalleryGridProps {
  items: GalleryItem[];
  /** Sizes and variants of the photos and posters (the response's `images`). */
  images?: ImageMap;
  onOpen: (item: GalleryItem) => void;
}

/** A mosaic of tiles; each one is a button that opens the item (the first, larger, leads the eye). */
export function GalleryGrid({ items, images, onOpen }: GalleryGridProps) {
  return (
    <ul role="list" className={styles.grid} data-count={items.length}>
      {items.map((item, index) => {
        const title = itemTitle(item);
        return (
          <li key={item.id} className={styles.tile} data-type={item.type}>
            {/* The button's name holds its visible text (WCAG 2.5.3, label in name): the action, read
                before it, is for screen readers; the type's badge, only drawn, sits beside the button. */}
            <button type="button" className={styles.tileButton} onClick={() => onOpen(item)}>
              <Thumbnail item={item} images={images} first={index === 0} />
              {item.type !== 'photo' ? (
                <span className={styles.play} aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
                    <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
                  </svg>
                </span>
              ) : null}
              <span className={styles.tileCaption}>
                <span className="visually-hidden">{`${itemAction(item)} :`}</span>{' '}
                <span className={styles.tileTitle}>{title}</span>
              </span>
            </button>
            <span className={styles.badge} aria-hidden="true">
              {TYPE_LABELS[item.type]}
            </span>
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
function Thumbnail({ item, images, first }: { item: GalleryItem; images?: ImageMap; first: boolean }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? null : thumbnailOf(item);
  if (!src) {
    return <Photo src={null} alt="" width={800} height={600} className={styles.tileImage} />;
  }
  return (
    <span className={styles.tileImage}>
      <ResponsiveImage
        src={src}
        alt=""
        width={800}
        height={600}
        info={imageOf(images, src)}
        sizes={first ? FIRST_TILE_SIZES : TILE_SIZES}
        // Measured at 412 px wide: the first tile sits whole above the fold and is the page's largest paint.
        priority={first}
        onError={() => setFailed(true)}
      />
    </span>
  );
}
