import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './form-field.module.css';

interface FieldBase {
  label: ReactNode;
  /** The field's French error message (shown under it, linked by aria-describedby). */
  error?: string | null;
  /** Help text under the label (also linked by aria-describedby). */
  hint?: ReactNode;
  /** Marks the field as required (asterisk + aria-required; no browser bubble: forms use noValidate). */
  required?: boolean;
  /** Class of the wrapper. */
  className?: string;
  id?: string;
}

type InputFieldProps = FieldBase & { as?: 'input'; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'id' | 'className'>;
type TextareaFieldProps = FieldBase & { as: 'textarea'; ref?: Ref<HTMLTextAreaElement> } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required' | 'id' | 'className'>;
type SelectFieldProps = FieldBase & { as: 'select'; children: ReactNode; ref?: Ref<HTMLSelectElement> } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required' | 'id' | 'className'>;

export type FormFieldProps = InputFieldProps | TextareaFieldProps | SelectFieldProps;

/** A label, a control (input, textarea or select) and its error message, wired for assistive technology. */
export function FormField(props: FormFieldProps) {
  const { label, error, hint, required = false, className, id: givenId, ...control } = props;
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    className: [styles.control, error ? styles.invalid : ''].filter(Boolean).join(' '),
  };

  let field: ReactNode;
  if (control.as === 'textarea') {
    const { as: _as, ...rest } = control;
    field = <textarea {...rest} {...shared} />;
  } else if (control.as === 'select') {
    const { as: _as, children, ...rest } = control;
    field = (
      <div className={styles.selectWrap}>
        <select {...rest} {...shared}>
          {children}
        </select>
      </div>
    );
  } else {
    const { as: _as, ...rest } = control;
    field = <input {...rest} {...shared} />;
  }

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {field}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
