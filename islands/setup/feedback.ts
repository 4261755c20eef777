import { ApiError, notifyError } from "../client/api.ts";
import { toast } from "../client/toast.ts";

/**
 * Shows a failed save: field errors go back to the form, and the toast names what was wrong. A 403 keeps
 * the catalogue's words ('You haven't permissions') and adds the server's reason.
 */
export function reportError(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const detail = typeof err.body.detail === "string" ? err.body.detail : "";
  if (err.status === 403) {
    toast(
      "warning",
      detail && detail !== "You haven't permissions"
        ? `You haven't permissions: ${detail}`
        : "You haven't permissions",
    );
  } else if (err.status === 400 || err.status === 409 || err.status === 404) {
    toast("error", detail || "Not valid");
  } else notifyError(err);
  return err.fieldErrors();
}

/** The first message per field of a failed zod parse, keyed by the top-level field name. */
export function zodErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? "non_field_errors")] ??= i.message;
  return out;
}
