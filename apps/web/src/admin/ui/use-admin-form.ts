import { useEffect, useRef, useState, type FormEventHandler } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  get,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from '@bande/shared/zod';
import { ApiError } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { invalidateAfterChange, useAdminApi, type AdminApi } from '../lib/admin-api.ts';
import { serverFieldErrors } from '../lib/form-errors.ts';
import { formIdentity, takeDraft } from '../lib/drafts.ts';
import { currentUser, interruptedUser } from '../lib/session.ts';
import { sameValue, useUnsavedWork, useValuesChanged } from './unsaved-work.ts';

export interface AdminFormOptions<Values extends FieldValues, Parsed extends FieldValues, Answer = unknown> {
  /** The form's values in, the checked body out: a shared schema, or formSchemaFrom(sharedSchema, toBody) (lib/form-schema.ts). */
  schema: z.ZodType<Parsed, Values>;
  defaultValues: Values;
  /** The request. `body` is the schema's output; `values` what the form holds, for the forms that send their own build of them. */
  save: (api: AdminApi, body: Parsed, values: Values) => Promise<Answer>;
  /** The tab's data, refreshed after a save. */
  queryKey: readonly unknown[];
  /** Saved: the body sent, and the server's answer (a created account, recovery codes...). */
  onSaved: (body: Parsed, answer: Answer) => void;
  /** The save failed (the server's field messages are already under their fields). */
  onFailed: (error: unknown) => void;
  /** The form refused to send: its messages are under the fields, the first wrong one focused. */
  onInvalid?: ((errors: FieldErrors<Values>) => void) | undefined;
  /** Told while saving. */
  onBusyChange?: ((busy: boolean) => void) | undefined;
}

export interface AdminFormState<Values extends FieldValues, Parsed extends FieldValues> {
  /** react-hook-form's own API (watch, setValue, register, reset...). */
  form: UseFormReturn<Values, unknown, Parsed>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  /** The values differ from the ones the form opened with (or last saved): closing or leaving asks first. */
  changed: boolean;
  /** The form opened with changes kept when the server ended a session (lib/drafts.ts): they are on screen, not saved. */
  restored: boolean;
  /** The message of a field ('title', 'performances.0.date'): the shared schema's, the form's own or the server's. */
  errorOf: (path: string) => string | undefined;
  /** For TextField, TextAreaField, SelectField: the field registered, and its message. */
  inputProps: <Name extends Path<Values>>(name: Name) => UseFormRegisterReturn<Name> & { error: string | undefined };
  /** For the fields that hand over a value rather than an event (an image, an address, a list of rows). */
  valueProps: <Name extends Path<Values>>(name: Name) => { value: PathValue<Values, Name>; onChange: (value: PathValue<Values, Name>) => void };
}

/**
 * A backoffice form that saves: react-hook-form checked by a shared zod schema (useZodForm: on submit,
 * first wrong field focused), then sent. It owns what each form did by hand: the busy state, the tab's
 * refresh, the server's 400 field messages under their fields (the first one focused), and a field's
 * message going as soon as the user edits that field. What a success or a failure shows is the
 * caller's: an alert in a dialog (useRecordForm), a toast in a tab.
 */
export function useAdminForm<Values extends FieldValues, Parsed extends FieldValues, Answer = unknown>(
  options: AdminFormOptions<Values, Parsed, Answer>,
): AdminFormState<Values, Parsed> {
  const { schema, defaultValues, save, queryKey, onSaved, onFailed, onInvalid, onBusyChange } = options;
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const form = useZodForm(schema, { defaultValues: defaultValues as DefaultValues<Values> });
  useErrorGoesOnEdit(form);
  const focusPending = useFirstInvalidFieldFocused();
  const changed = useValuesChanged(form);
  const restored = useKeptChanges(form, queryKey, defaultValues, changed);

  const mutation = useMutation({
    mutationFn: ({ body, values }: { body: Parsed; values: Values; formElement: HTMLFormElement }) => save(api, body, values),
    onMutate: () => onBusyChange?.(true),
    onSettled: () => onBusyChange?.(false),
    onSuccess: (answer, { body }) => {
      invalidateAfterChange(queryClient, queryKey);
      onSaved(body, answer);
      // What was saved is no longer a change to lose (unless onSaved reset the form itself).
      const values = form.getValues();
      if (!sameValue(values, form.control._defaultValues)) form.reset(values);
    },
    onError: (error, { formElement }) => {
      // The server ended the session: « Reconnectez-vous » is over the form (admin-app.tsx), which keeps its changes.
      if (error instanceof ApiError && error.status === 401 && interruptedUser()) return;
      if (error instanceof ApiError && showServerFieldErrors(form, error.body)) focusPending.current = formElement;
      onFailed(error);
    },
  });

  const errorOf = (path: string): string | undefined => {
    const error: { message?: string; root?: { message?: string } } | undefined = get(form.formState.errors, path);
    // A list's own message (e.g. too many credit categories) sits under `root` when its rows have messages too.
    return error?.message ?? error?.root?.message;
  };

  return {
    form,
    onSubmit: (event) => {
      const formElement = event.currentTarget;
      return form.handleSubmit(
        (body) => mutation.mutate({ body, values: form.getValues(), formElement }),
        (errors) => {
          focusPending.current = formElement;
          onInvalid?.(errors);
        },
      )(event);
    },
    saving: mutation.isPending,
    changed,
    restored,
    errorOf,
    inputProps: (name) => ({ ...form.register(name), error: errorOf(name) }),
    valueProps: (name) => ({ value: form.watch(name), onChange: (value) => form.setValue(name, value, { shouldDirty: true }) }),
  };
}

/**
 * A form with changes is unsaved work (unsaved-work.ts: leaving asks first), and says how its changes are
 * kept if the server ends the session (admin-api.ts). Opened again by the same account, on the same
 * record as it was, the form gets those changes back: the fields hold them, « Enregistrer » sends them.
 */
function useKeptChanges<Values extends FieldValues>(form: UseFormReturn<Values, unknown, unknown>, queryKey: readonly unknown[], defaultValues: Values, changed: boolean): boolean {
  const [identity] = useState(() => formIdentity(queryKey, defaultValues));
  const [restored, setRestored] = useState(false);
  useUnsavedWork(changed, { identity, values: () => form.getValues() });
  const { reset } = form;
  useEffect(() => {
    const user = currentUser();
    const draft = user ? takeDraft(user.id, identity) : undefined;
    if (!draft || typeof draft !== 'object') return;
    reset(draft as Values, { keepDefaultValues: true });
    setRestored(true);
  }, [identity, reset]);
  return restored;
}

/** The server's { issues: [{ path, message }] } under the fields of the same path, the first one focused; whether there were any. */
function showServerFieldErrors<Values extends FieldValues>(form: UseFormReturn<Values, unknown, unknown>, body: Record<string, unknown>): boolean {
  const messages = Object.entries(serverFieldErrors(body));
  messages.forEach(([path, message], index) => {
    form.setError(path as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return messages.length > 0;
}

/** How the fields mark a message of theirs (field.tsx, address-autocomplete.tsx). */
const INVALID_FIELD = '[aria-invalid="true"]';

/**
 * react-hook-form focuses the first wrong field it registered; the fields handed over by value (a
 * performance's or a credit's row, an address) have no ref it could focus. The form a refused submit
 * came from is put in the returned ref; once its messages are on screen, unless focus is already on a
 * wrong field, it goes to the first field the form marks aria-invalid, in reading order.
 */
function useFirstInvalidFieldFocused() {
  const focusPending = useRef<HTMLFormElement | null>(null);
  // After every render: the messages come in a render of their own, after the submit's handler.
  useEffect(() => {
    const formElement = focusPending.current;
    const firstInvalid = formElement?.querySelector<HTMLElement>(INVALID_FIELD);
    if (!formElement || !firstInvalid) return;
    focusPending.current = null;
    const focused = document.activeElement;
    if (!(focused && formElement.contains(focused) && focused.matches(INVALID_FIELD))) firstInvalid.focus();
  });
  return focusPending;
}

/** As the forms did before react-hook-form: a field's message goes as soon as the user changes that field. */
function useErrorGoesOnEdit<Values extends FieldValues>(form: UseFormReturn<Values, unknown, unknown>) {
  const { subscribe, getFieldState, clearErrors } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name && getFieldState(name as Path<Values>).error) clearErrors(name as Path<Values>);
        },
      }),
    [subscribe, getFieldState, clearErrors],
  );
}
