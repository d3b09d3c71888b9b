import { HONEYPOT_FIELD } from '@bande/shared/schemas/forms';

/**
 * A field that people never see nor reach (visually hidden, hidden from assistive technologies, out of
 * the tab order, never autofilled) and that form-filling robots do fill: the server answers such a
 * submission as a success and keeps nothing. Uncontrolled: read it at submit with `honeypotValue`.
 */
export function HoneypotField() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Site web (ne pas remplir)
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** `{ website }` when the honeypot of `form` was filled, else nothing (the usual payload stays as it was). */
export function honeypotValue(form: HTMLFormElement | null): { [HONEYPOT_FIELD]?: string } {
  const value = form?.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)?.value ?? '';
  return value ? { [HONEYPOT_FIELD]: value } : {};
}
