import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from '@bande/shared/zod';

/**
 * react-hook-form validated by one of packages/shared's zod schemas: the same rules and French
 * messages as the server. The fields hold what the schema takes in; the submit handler gets what it
 * gives out (trimmed, transformed). As the forms did by hand: checked on submit only (no message while
 * a visitor types), the first wrong field focused, and the messages stay until the next submit. Forms
 * using it set noValidate, so the browser shows none of its own bubbles.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  });
}
