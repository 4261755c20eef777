import { useState } from "react";
import type { z } from "zod";
import { ApiError, notifyError } from "./api.ts";
import { toast } from "./toast.ts";

/** The first message per field of a failed zod parse, keyed by the top-level field name. */
export function zodErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? "non_field_errors")] ??= i.message;
  return out;
}

/**
 * Shows a failed save: the toast names what was wrong (a refusal's own words, else the client error
 * catalogue), and the field errors come back for the form.
 */
export function reportError(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const detail = typeof err.body.detail === "string" ? err.body.detail : "";
  if (err.status === 400 || err.status === 409 || err.status === 404) toast("error", detail || "Not valid");
  else notifyError(err);
  return err.fieldErrors();
}

/**
 * Form state validated by the same zod schema the API uses. Errors show for touched fields, and for every
 * field once a submit was attempted; the server's field errors (after `fail`) show until that field changes.
 * `toInput` turns the text values into what the schema parses (numbers, nulls, other state of the form).
 */
export function useZodForm<S extends z.ZodType>(
  schema: S,
  initial: Record<string, string>,
  toInput: (values: Record<string, string>) => unknown = (v) => v,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const input = toInput(values);
  const result = schema.safeParse(input);
  const errors = result.success ? {} : zodErrors(result.error.issues);
  const clearServer = (name: string) => setServer(({ [name]: _, ...rest }) => rest);
  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    clearServer(name);
  };
  return {
    values,
    /** What the schema parsed: the body to send. */
    input,
    valid: result.success,
    data: result.success ? result.data as z.output<S> : null,
    errorFor: (name: string): string | null =>
      server[name] ?? (touched[name] || submitted ? errors[name] ?? null : null),
    set,
    clearServer,
    bind: (name: string) => ({
      name,
      value: values[name] ?? "",
      onChange: (e: { target: { value: string } }) => set(name, e.target.value),
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    }),
    markSubmitted: () => setSubmitted(true),
    /** A failed save: the toast says why, and the server's field errors go to their fields. */
    fail: (err: unknown) => setServer(reportError(err)),
    reset: (v: Record<string, string>) => {
      setValues(v);
      setTouched({});
      setSubmitted(false);
      setServer({});
    },
  };
}
