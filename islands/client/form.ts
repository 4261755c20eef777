import { useState } from "react";
import { safeParse, type z } from "zod/mini";
import { ApiError, catalogueMessage, notifyError } from "./api.ts";
import { toast, type ToastKind } from "./toast.ts";
import { AUTH } from "../../lib/auth/errors.ts";

/** The first message per field of a failed zod parse, keyed by the top-level field name. */
export function zodErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? "non_field_errors")] ??= i.message;
  return out;
}

/**
 * What a failed save's toast says: a refusal's own words for 400, 404 and 409 (never the sign-in text
 * unless it was a sign-in refusal), else the client error catalogue. Null: nothing to show.
 */
export function saveErrorMessage(err: ApiError): { kind: ToastKind; message: string } | null {
  const detail = typeof err.body.detail === "string" ? err.body.detail : "";
  if (err.code !== AUTH.invalidCredentials && [400, 404, 409].includes(err.status)) {
    return { kind: "error", message: detail || "Not valid" };
  }
  return catalogueMessage(err);
}

/** Shows a failed save (see saveErrorMessage); the field errors come back for the form. */
export function reportError(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const shown = saveErrorMessage(err);
  if (shown) toast(shown.kind, shown.message);
  else notifyError(err);
  return err.fieldErrors();
}

/**
 * Form state validated by the same zod schema the API uses. Errors show for touched fields, and for every
 * field once a submit was attempted; the server's field errors (after `fail`) show until that field changes.
 * `toInput` turns the text values into what the schema parses (numbers, nulls, other state of the form).
 */
export function useZodForm<S extends z.core.$ZodType>(
  schema: S,
  initial: Record<string, string>,
  toInput: (values: Record<string, string>) => unknown = (v) => v,
  /** Field errors the server already gave (a form posted before the scripts arrived, page rendered again). */
  serverErrors: Record<string, string> = {},
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>(serverErrors);
  const input = toInput(values);
  const result = safeParse(schema, input);
  const errors = result.success ? {} : zodErrors(result.error.issues);
  const clearServer = (name: string) => setServer(({ [name]: _, ...rest }) => rest);
  /** Whether the schema refuses this field left empty: the form marks it required (issue 14). */
  const required = (name: string): boolean => {
    const blank = safeParse(schema, toInput({ ...values, [name]: "" }));
    return !blank.success && blank.error.issues.some((i) => String(i.path[0]) === name);
  };
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
    required,
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
