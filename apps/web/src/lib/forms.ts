import type { z } from 'zod';

/**
 * A @mantine/form `validate` function from a contract schema: each issue becomes the error of its field path.
 * `toInput` maps the form values to what the schema checks (units, empty strings → null, …).
 */
export function zodValidate<V, S extends z.ZodType>(
  schema: S,
  toInput: (values: V) => unknown,
  messageOf?: (issue: z.core.$ZodIssue) => string,
) {
  return (values: V): Record<string, string> => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= messageOf ? messageOf(issue) : issue.message;
    }
    return errors;
  };
}

/** '' → null for optional text fields. */
export const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
