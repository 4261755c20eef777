import { useState } from "react";
import type { z } from "zod";

/**
 * Form state validated by the same zod schema the API uses. Errors show only for touched fields,
 * and for every field once a submit was attempted.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, initial: Record<string, string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "");
      errors[key] ??= issue.message;
    }
  }
  return {
    values,
    valid: result.success,
    data: result.success ? result.data : null,
    errorFor: (name: string) => (touched[name] || submitted ? errors[name] ?? null : null),
    bind: (name: string) => ({
      name,
      value: values[name] ?? "",
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    }),
    markSubmitted: () => setSubmitted(true),
    reset: (v: Record<string, string>) => {
      setValues(v);
      setTouched({});
      setSubmitted(false);
    },
  };
}
