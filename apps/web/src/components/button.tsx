import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches to the width of its container. */
  block?: boolean;
  /** Shows a small arrow after the label (links that lead somewhere). */
  arrow?: boolean;
  className?: string;
  children: ReactNode;
}

/** An internal route: rendered as React Router's <Link> (client-side navigation). */
type LinkProps = CommonProps & { to: string; href?: never } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className' | 'children'>;
/** An external address: rendered as <a href>. */
type AnchorProps = CommonProps & { href: string; to?: never } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'children'>;
/** An action: rendered as <button> (type="button" unless told otherwise). */
type NativeButtonProps = CommonProps & { to?: never; href?: never } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children'>;

export type ButtonProps = LinkProps | AnchorProps | NativeButtonProps;

export function buttonClassName({ variant = 'primary', size = 'md', block = false, className }: Pick<CommonProps, 'variant' | 'size' | 'block' | 'className'>) {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', className ?? ''].filter(Boolean).join(' ');
}

export function Button(props: ButtonProps) {
  const { variant, size, block, arrow, className, children, ...rest } = props;
  const classes = buttonClassName({ variant, size, block, className });
  const content = (
    <>
      <span>{children}</span>
      {arrow ? (
        <span className={styles.arrow} aria-hidden="true">
          →
        </span>
      ) : null}
    </>
  );
  if ('to' in rest && rest.to !== undefined) {
    const { to, ...anchor } = rest as Omit<LinkProps, keyof CommonProps>;
    return (
      <Link to={to} className={classes} {...anchor}>
        {content}
      </Link>
    );
  }
  if ('href' in rest && rest.href !== undefined) {
    return (
      <a className={classes} {...(rest as Omit<AnchorProps, keyof CommonProps>)}>
        {content}
      </a>
    );
  }
  const { type = 'button', ...button } = rest as Omit<NativeButtonProps, keyof CommonProps>;
  return (
    <button type={type} className={classes} {...button}>
      {content}
    </button>
  );
}
