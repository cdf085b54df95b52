/**
 * The public registration form's state: the values as typed, one error per field, and checks of
 * some fields or all of them against a domain schema. Not react-hook-form: on this public page its
 * 16 KB gzip put the page with its form over the 100 KB budget (decision 023), and the form needs
 * no more than this. The dashboard's forms keep react-hook-form.
 */
import { useRef, useState } from 'react';

/** What the hook needs of a zod schema: `safeParse` and its issues (a zod/mini or classic schema). */
export interface CheckingSchema {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** The first message the schema gives for each top-level field of `values` (none when they pass). */
export function schemaErrors<F extends string>(schema: CheckingSchema, values: unknown): FormErrors<F> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as F] = issue.message;
  }
  return errors;
}

/**
 * `values` and `errors` render; the functions read the latest values and errors even when called
 * in the same event as a change (a paste, then a check), as the form's handlers do.
 */
export function useSchemaForm<V extends Record<string, unknown>, F extends keyof V & string>(schema: CheckingSchema, initialValues: V) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const latest = useRef({ values: initialValues, errors: {} as FormErrors<F> });

  function setValue<K extends keyof V>(field: K, value: V[K]) {
    latest.current.values = { ...latest.current.values, [field]: value };
    setValues(latest.current.values);
  }

  function putErrors(next: FormErrors<F>) {
    latest.current.errors = next;
    setErrors(next);
  }

  /** Checks `fields` against the whole form (a rule may read another field); true when they all pass. */
  function check(fields: F | readonly F[]): boolean {
    const list: readonly F[] = typeof fields === 'string' ? [fields] : fields;
    const found = schemaErrors<F>(schema, latest.current.values);
    const next = { ...latest.current.errors };
    for (const field of list) {
      if (found[field]) next[field] = found[field];
      else delete next[field];
    }
    putErrors(next);
    return list.every((field) => !found[field]);
  }

  return {
    values,
    errors,
    setValue,
    check,
    getValues: () => latest.current.values,
    errorOf: (field: F): string | undefined => latest.current.errors[field],
    setError: (field: F, message: string) => putErrors({ ...latest.current.errors, [field]: message }),
  };
}
