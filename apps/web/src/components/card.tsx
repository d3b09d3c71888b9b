import type { ElementType, ReactNode } from 'react';
import styles from './card.module.css';

export interface CardProps {
  /** Image area on top (usually a <Photo>). */
  media?: ReactNode;
  /** Small capitals above the title (a show type, a role). */
  eyebrow?: ReactNode;
  title?: ReactNode;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Bottom area, pinned to the bottom of the card (buttons, a link). */
  footer?: ReactNode;
  /** 'raised': white card with a shadow; 'flat': paper card with a line; 'ink': midnight card. */
  tone?: 'raised' | 'flat' | 'ink';
  /** Lifts on hover (use when the card contains its main link). */
  interactive?: boolean;
  as?: 'article' | 'li' | 'div';
  className?: string;
  children?: ReactNode;
}

/** The programme card: optional photo, eyebrow, display title, text, and a footer pinned at the bottom. */
export function Card({ media, eyebrow, title, headingLevel = 3, footer, tone = 'raised', interactive = false, as = 'article', className, children }: CardProps) {
  const Root = as as ElementType;
  const Heading = `h${headingLevel}` as ElementType;
  return (
    <Root className={[styles.card, styles[tone], interactive ? styles.interactive : '', className].filter(Boolean).join(' ')}>
      {media ? <div className={styles.media}>{media}</div> : null}
      <div className={styles.content}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        {title ? <Heading className={styles.title}>{title}</Heading> : null}
        {children ? <div className={styles.body}>{children}</div> : null}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </Root>
  );
}
