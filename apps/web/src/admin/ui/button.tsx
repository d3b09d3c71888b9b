import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './ui.module.css';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  small?: boolean;
  block?: boolean;
  icon?: ReactNode;
}

const variantClass: Record<Variant, string | undefined> = {
  primary: styles.primary,
  secondary: undefined,
  danger: styles.danger,
  ghost: styles.ghost,
};

export function AdminButton({ variant = 'secondary', small, block, icon, className, children, type = 'button', ...rest }: Props) {
  const classes = [styles.btn, variantClass[variant], small && styles.small, block && styles.block, className]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {icon}
      {children}
    </button>
  );
}

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name (and tooltip): an icon alone says nothing to a screen reader. */
  label: string;
  danger?: boolean;
  /** React 19 hands it over as a prop (the burger gets the focus back through it). */
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ label, danger, className, children, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={[styles.iconBtn, danger && styles.iconDanger, className].filter(Boolean).join(' ')}
      {...rest}
    >
      {children}
    </button>
  );
}
