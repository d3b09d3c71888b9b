import type { Dispatch, SetStateAction } from 'react';
import { SelectField } from './field.tsx';

interface FilterSelectProps<F, K extends keyof F & string> {
  label: string;
  /** The tab's filters and their setter: this select sets `filters[name]`, to undefined for "all". */
  filters: F;
  setFilters: Dispatch<SetStateAction<F>>;
  name: K;
  /** The first option's label, the one that filters nothing out. */
  allLabel: string;
  options: readonly { value: string; label: string }[];
}

/** One filter above a tab's list (the audit log's action, the inbox's status...). */
export function FilterSelect<F, K extends keyof F & string>({ label, filters, setFilters, name, allLabel, options }: FilterSelectProps<F, K>) {
  return (
    <SelectField
      label={label}
      value={(filters[name] as string | undefined) ?? ''}
      onChange={(event) => {
        const value = (event.target.value || undefined) as F[K];
        setFilters((current) => ({ ...current, [name]: value }));
      }}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
