import type { ElementType, ReactNode } from 'react';
import styles from './layout.module.css';

export interface ContainerProps {
  size?: 'narrow' | 'default' | 'wide';
  className?: string;
  children: ReactNode;
}

/** Centred column with the page gutters. */
export function Container({ size = 'default', className, children }: ContainerProps) {
  return <div className={[styles.container, styles[size], className].filter(Boolean).join(' ')}>{children}</div>;
}

export interface SectionProps {
  /** paper: cream page; deep: darker cream band; ink: midnight stage band. */
  tone?: 'paper' | 'deep' | 'ink';
  id?: string;
  /** id of the heading that names the section (gives it the region role). */
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}

/** A vertical band of the page with the standard rhythm. */
export function Section({ tone = 'paper', id, labelledBy, className, children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={[styles.section, styles[tone], className].filter(Boolean).join(' ')}>
      {children}
    </section>
  );
}

export interface SectionHeadingProps {
  /** Heading text. */
  title: ReactNode;
  /** Small capitals above the title ('Au programme'). */
  eyebrow?: ReactNode;
  /** Short paragraph under the title. */
  lead?: ReactNode;
  /** id of the heading element (use it as Section's labelledBy). */
  id?: string;
  level?: 1 | 2 | 3;
  align?: 'start' | 'center';
  /** Right-hand side content on wide screens (a 'see all' link). */
  action?: ReactNode;
  /** Set when the heading sits on a midnight (ink) band. */
  onDark?: boolean;
}

/** Editorial section title: eyebrow, display heading, a gilt rule, and a lead. */
export function SectionHeading({ title, eyebrow, lead, id, level = 2, align = 'start', action, onDark = false }: SectionHeadingProps) {
  const Heading = `h${level}` as ElementType;
  return (
    <header className={[styles.heading, styles[align], onDark ? styles.onDark : ''].filter(Boolean).join(' ')}>
      <div className={styles.headingText}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <Heading id={id} className={level === 1 ? styles.title1 : styles.title}>
          {title}
        </Heading>
        <Ornament className={styles.rule} />
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </header>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** Extra content under the lead (buttons). */
  children?: ReactNode;
  /** Narrower, quieter band for secondary pages (legal, sitemap). */
  compact?: boolean;
}

/**
 * The top of every public page: a midnight stage under a scalloped red valance, with a spotlight.
 * Holds the page's single <h1>.
 */
export function PageHeader({ title, eyebrow, lead, children, compact = false }: PageHeaderProps) {
  return (
    <header className={[styles.stage, compact ? styles.stageCompact : ''].filter(Boolean).join(' ')}>
      <Valance />
      <Drapes />
      <Container>
        <div className={styles.stageInner}>
          {eyebrow ? <p className={styles.stageEyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.stageTitle}>{title}</h1>
          {lead ? <p className={styles.stageLead}>{lead}</p> : null}
          {children ? <div className={styles.stageActions}>{children}</div> : null}
        </div>
      </Container>
    </header>
  );
}

/** Red drapes pulled open at both sides of a stage band (decorative). Its parent must be position: relative. */
export interface ListPageProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** The band's content: a QueryList, and what follows it. */
  children: ReactNode;
}

/** A page that presents one list (the shows, the troupe, the partners, the gallery): the stage header, then one wide band. */
export function ListPage({ title, eyebrow, lead, children }: ListPageProps) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead} />
      <Section>
        <Container size="wide">{children}</Container>
      </Section>
    </>
  );
}

export function Drapes({ size = 'narrow' }: { size?: 'narrow' | 'wide' }) {
  return (
    <>
      <div className={`${styles.drape} ${styles.drapeLeft} ${styles[size === 'wide' ? 'drapeWide' : 'drapeNarrow']}`} aria-hidden="true" />
      <div className={`${styles.drape} ${styles.drapeRight} ${styles[size === 'wide' ? 'drapeWide' : 'drapeNarrow']}`} aria-hidden="true" />
    </>
  );
}

/** The scalloped curtain valance drawn across the top of a stage band (decorative). */
export function Valance({ className }: { className?: string }) {
  return <div className={[styles.valance, className].filter(Boolean).join(' ')} aria-hidden="true" />;
}

/** A small gilt ornament: two rules around a lozenge (decorative). */
export function Ornament({ className }: { className?: string }) {
  return (
    <span className={[styles.ornament, className].filter(Boolean).join(' ')} aria-hidden="true">
      <span />
      <svg viewBox="0 0 12 12" width="10" height="10" focusable="false">
        <path d="M6 0l6 6-6 6-6-6z" fill="currentColor" />
      </svg>
      <span />
    </span>
  );
}
