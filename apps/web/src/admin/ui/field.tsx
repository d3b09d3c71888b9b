import { useId, type ComponentProps, type ReactNode } from 'react';
import styles from './ui.module.css';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  counter?: { value: number; max: number };
  /** Extra content beside the label (e.g. a "modified" marker). */
  labelExtra?: ReactNode;
  children: ReactNode;
}

function describedBy(id: string, hint: unknown, error: unknown) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function FieldFrame({ id, label, required, hint, error, counter, labelExtra, children }: FieldFrameProps) {
  return (
    <div className={styles.field}>
      <div className={styles.sectionHead}>
        <label htmlFor={id} className={styles.label}>
          {label}
          {required ? (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {labelExtra}
      </div>
      {children}
      {hint || error || counter ? (
        <div className={styles.fieldFooter}>
          <div>
            {error ? (
              <p id={`${id}-error`} className={styles.fieldError}>
                {error}
              </p>
            ) : null}
            {hint ? (
              <p id={`${id}-hint`} className={styles.hint}>
                {hint}
              </p>
            ) : null}
          </div>
          {counter ? (
            <span className={[styles.counter, counter.value > counter.max ? styles.counterOver : ''].join(' ')} aria-live="polite">
              {counter.value}/{counter.max}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * What every field takes besides its element's own props. Those include `ref` (React 19 passes it as a
 * prop), so react-hook-form's `register(name)` can be spread onto a field (admin/ui/use-record-form.ts).
 */
type Common = Omit<FieldFrameProps, 'id' | 'children'> & { id?: string | undefined };

/**
 * Splits a field's props: the frame's (label, hint, message, counter), the attributes that tie the
 * control to them (id, aria-invalid, aria-describedby...), and the control's own props, spread last.
 */
function useFieldParts<Props extends Common>({ label, required, hint, error, counter, labelExtra, id: givenId, ...control }: Props) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return {
    frame: { id, label, required, hint, error, counter, labelExtra },
    controlAttributes: {
      id,
      className: styles.input,
      'aria-invalid': error ? true : undefined,
      'aria-required': required || undefined,
      'aria-describedby': describedBy(id, hint, error),
    },
    control,
  };
}

export function TextField(props: Common & ComponentProps<'input'>) {
  const { frame, controlAttributes, control } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <input {...controlAttributes} {...control} />
    </FieldFrame>
  );
}

export function TextAreaField({ rows = 4, ...props }: Common & ComponentProps<'textarea'>) {
  const { frame, controlAttributes, control } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <textarea rows={rows} {...controlAttributes} {...control} />
    </FieldFrame>
  );
}

export function SelectField({ children, ...props }: Common & ComponentProps<'select'>) {
  const { frame, controlAttributes, control } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <select {...controlAttributes} {...control}>
        {children}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ label, hint, ...input }: { label: ReactNode; hint?: ReactNode } & ComponentProps<'input'>) {
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        <input type="checkbox" {...input} />
        {label}
      </label>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
    </div>
  );
}

/** Keeps only digits, at most `max` of them (unlock and reset codes). */
export const digitsOnly = (value: string, max = 6) => value.replace(/\D/g, '').slice(0, max);
