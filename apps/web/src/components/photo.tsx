import type { CSSProperties } from 'react';
import styles from './photo.module.css';

export interface PhotoProps {
  /** Image address; when missing a drawn stage placeholder takes its place. */
  src: string | null | undefined;
  /** Alternative text ('' for a decorative image). */
  alt: string;
  /** Intrinsic size: sets the width/height attributes and the box's aspect ratio. */
  width: number;
  height: number;
  /** 'lazy' below the fold (default), 'eager' for the first image of a page. */
  loading?: 'lazy' | 'eager';
  /** How the image fills its box (default cover). */
  fit?: 'cover' | 'contain';
  /** Text drawn on the placeholder (a show's name, a person's initials). */
  placeholderLabel?: string;
  className?: string;
  /** Rounded corners on the box itself (when not inside a Card). */
  rounded?: boolean;
}

/** A photo in a fixed-ratio box (no layout shift), or a curtain placeholder when there is none. */
export function Photo({ src, alt, width, height, loading = 'lazy', fit = 'cover', placeholderLabel, className, rounded = false }: PhotoProps) {
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
      <img
        className={fit === 'contain' ? styles.contain : styles.cover}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
      />
    </div>
  );
}
