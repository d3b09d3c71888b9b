import { useEffect, useState, type FormEventHandler } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { get, type DefaultValues, type FieldValues, type Path, type PathValue, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { texts } from '@bande/shared';
import type { z } from '@bande/shared/zod';
import { ApiError } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { invalidateAfterChange, useAdminApi, type AdminApi } from '../lib/admin-api.ts';
import { serverFieldErrors } from '../lib/form-errors.ts';
import { failureWithDetail } from '../lib/mutations.ts';

interface RecordFormOptions<Values extends FieldValues, Parsed extends FieldValues> {
  /** The form's values in, the checked body out: usually formSchemaFrom(sharedSchema, toBody) (lib/form-schema.ts). */
  schema: z.ZodType<Parsed, Values>;
  defaultValues: Values;
  /** The request. `body` is the schema's output; `values` what the form holds, for the forms that send their own build of them. */
  save: (api: AdminApi, body: Parsed, values: Values) => Promise<unknown>;
  /** The tab's data, refreshed after a save. */
  queryKey: readonly unknown[];
  /** Called once the record is saved. */
  onClose: () => void;
  /** Told while saving (RecordFormModal keeps its dialog open meanwhile). */
  onBusyChange?: ((busy: boolean) => void) | undefined;
  /** The alert when the save fails: a text the server's explanation is added to, or the whole message. Default 'Erreur lors de la sauvegarde'. */
  failure?: string | ((error: unknown) => string);
  /** The alert when the form refuses to send (by default the messages under the fields say it all). */
  invalidMessage?: string;
}

/** What RecordForm (record-form.tsx) lays out: the form element's handler, the alert, the buttons' states. */
export interface RecordFormFrame {
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  /** The alert above the fields. */
  formError: string | null;
  close: () => void;
}

export interface RecordFormState<Values extends FieldValues, Parsed extends FieldValues> extends RecordFormFrame {
  /** react-hook-form's own API (watch, setValue, register, clearErrors...). */
  form: UseFormReturn<Values, unknown, Parsed>;
  /** The message of a field ('title', 'performances.0.date'): the shared schema's, the form's own or the server's. */
  errorOf: (path: string) => string | undefined;
  /** For TextField, TextAreaField, SelectField: the field registered, and its message. */
  inputProps: <Name extends Path<Values>>(name: Name) => UseFormRegisterReturn<Name> & { error: string | undefined };
  /** For the fields that hand over a value rather than an event (an image, an address, a list of rows). */
  valueProps: <Name extends Path<Values>>(name: Name) => { value: PathValue<Values, Name>; onChange: (value: PathValue<Values, Name>) => void };
}

/** PUT `collection/id` for a record being edited, POST `collection` for a new one. */
export const saveRecord =
  (collection: string, record: { id: number } | null) =>
  (api: AdminApi, body: unknown): Promise<unknown> =>
    record ? api.send('PUT', `${collection}/${record.id}`, body) : api.send('POST', `${collection}`, body);

/**
 * A create-or-edit form of the backoffice: react-hook-form checked by a shared zod schema (useZodForm:
 * on submit, first wrong field focused), then saved. It owns what every record form did by hand: the
 * busy state, the tab's refresh, the alert of a failed save ('Erreur lors de la sauvegarde : …'), the
 * server's 400 field messages shown under their fields, and a field's message going as soon as the
 * user edits that field. RecordForm (record-form.tsx) lays it out; the form file keeps only its fields.
 */
export function useRecordForm<Values extends FieldValues, Parsed extends FieldValues>(options: RecordFormOptions<Values, Parsed>): RecordFormState<Values, Parsed> {
  const { schema, defaultValues, save, queryKey, onClose, onBusyChange, failure = texts.errors.save, invalidMessage } = options;
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const form = useZodForm(schema, { defaultValues: defaultValues as DefaultValues<Values> });
  const [formError, setFormError] = useState<string | null>(null);
  useErrorGoesOnEdit(form);

  const mutation = useMutation({
    mutationFn: ({ body, values }: { body: Parsed; values: Values }) => save(api, body, values),
    onMutate: () => onBusyChange?.(true),
    onSettled: () => onBusyChange?.(false),
    onSuccess: () => {
      invalidateAfterChange(queryClient, queryKey);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) showServerFieldErrors(form, error.body);
      setFormError(typeof failure === 'function' ? failure(error) : failureWithDetail(failure, error));
    },
  });

  const onSubmit = form.handleSubmit(
    (body) => {
      setFormError(null);
      mutation.mutate({ body, values: form.getValues() });
    },
    () => setFormError(invalidMessage ?? null),
  );

  const errorOf = (path: string): string | undefined => {
    const error: { message?: string; root?: { message?: string } } | undefined = get(form.formState.errors, path);
    // A list's own message (e.g. too many credit categories) sits under `root` when its rows have messages too.
    return error?.message ?? error?.root?.message;
  };

  return {
    form,
    onSubmit,
    saving: mutation.isPending,
    formError,
    close: onClose,
    errorOf,
    inputProps: (name) => ({ ...form.register(name), error: errorOf(name) }),
    valueProps: (name) => ({ value: form.watch(name), onChange: (value) => form.setValue(name, value, { shouldDirty: true }) }),
  };
}

/** The server's { issues: [{ path, message }] } under the fields of the same path, the first one focused. */
function showServerFieldErrors<Values extends FieldValues>(form: UseFormReturn<Values, unknown, unknown>, body: Record<string, unknown>) {
  Object.entries(serverFieldErrors(body)).forEach(([path, message], index) => {
    form.setError(path as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
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
