import { useRef, type ReactNode, type TouchEvent } from 'react';
import { NativeDialog } from './native-dialog.tsx';
import styles from './lightbox.module.css';

/** Keys typed into these belong to the control, not to the viewer. */
export function isFormField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

export interface LightboxDialogProps {
  /** Accessible name of the dialog. */
  label: string;
  onClose: () => void;
  /** false when the content answers Escape itself (the video player). */
  closeOnEscape?: boolean;
  /** Extra keys (arrows of the lightbox), called unless the key went to a form field. */
  onKeyDown?: (event: KeyboardEvent) => void;
  className?: string;
  children: ReactNode;
}

/**
 * The dark full-screen stage on which a photo, a YouTube video or the video player is shown: the site's
 * native modal dialog (components/native-dialog.tsx), focus on its first control. Rendered only after a
 * click, so never on the server.
 */
export function LightboxDialog({ label, onClose, closeOnEscape = true, onKeyDown, className, children }: LightboxDialogProps) {
  return (
    <NativeDialog
      portal
      onClose={onClose}
      closeOnEscape={closeOnEscape}
      onKeyDown={(event) => {
        if (!isFormField(event.target)) onKeyDown?.(event.nativeEvent);
      }}
      aria-label={label}
      className={[styles.backdrop, className].filter(Boolean).join(' ')}
    >
      {children}
    </NativeDialog>
  );
}

export interface LightboxProps {
  /** Number of items the arrows go through, and the shown one (from 0). */
  count: number;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Title and description of the shown item (its caption). */
  title: string;
  description?: string | null;
  /** The shown item (an image or a YouTube frame). */
  children: ReactNode;
}

const SWIPE_PX = 50;

/** A photo/video viewer: Escape or 'Fermer' closes; arrows, ←/→ keys and swipes go to the previous or next item. */
export function Lightbox({ count, index, onIndexChange, onClose, title, description, children }: LightboxProps) {
  const touchX = useRef<number | null>(null);
  const several = count > 1;
  const go = (step: number) => onIndexChange((index + step + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!several || (event.target instanceof Element && event.target.closest('[role="slider"]'))) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (!several || start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? 1 : -1);
  };

  return (
    <LightboxDialog label={title} onClose={onClose} onKeyDown={onKeyDown}>
      <div className={styles.topBar}>
        <p className={styles.counter} aria-live="polite" aria-atomic="true">
          <span aria-hidden="true">
            {index + 1} / {count}
          </span>
          <span className="visually-hidden">
            Média {index + 1} sur {count} : {title}
          </span>
        </p>
        <CloseButton onClick={onClose} />
      </div>
      <div className={styles.stage} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        {several ? (
          <button type="button" className={`${styles.nav} ${styles.previous}`} onClick={() => go(-1)} aria-label="Média précédent">
            <Chevron direction="left" />
          </button>
        ) : null}
        <figure className={styles.figure}>
          <div className={styles.media}>{children}</div>
          <figcaption className={styles.caption}>
            <p className={styles.title}>{title}</p>
            {description ? <p className={styles.description}>{description}</p> : null}
          </figcaption>
        </figure>
        {several ? (
          <button type="button" className={`${styles.nav} ${styles.next}`} onClick={() => go(1)} aria-label="Média suivant">
            <Chevron direction="right" />
          </button>
        ) : null}
      </div>
    </LightboxDialog>
  );
}

export function CloseButton({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <button type="button" className={[styles.close, className].filter(Boolean).join(' ')} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={styles.closeLabel}>Fermer</span>
    </button>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
