// The one error type domain code throws. It says what went wrong in the domain's terms (a stable code,
// the words a person reads, the fields at fault); which HTTP status that becomes is decided at the edge
// only (lib/web/endpoint.ts `statusOf`), and the CLI prints the same message. Pure: islands may import it.

/**
 * What kind of failure a code is, so that the edge can choose a status without knowing every code.
 * A code keeps its kind for ever: clients switch on the code, never on the status or the words.
 */
export type ErrorKind =
  | "invalid" // the input breaks a rule (400)
  | "unauthenticated" // no or expired session (401)
  | "forbidden" // the caller's role or stations do not allow it (403)
  | "not_found" // no such thing among what the caller may see (404)
  | "conflict" // the state changed or other records depend on it (409)
  | "too_large" // a body or file over its limit (413)
  | "throttled" // too many tries (429)
  | "unavailable"; // a dependency is down (503)

export interface DomainErrorOptions {
  /** Puts the message under this input field too (the spec's `{field: [message]}` bodies). */
  field?: string;
  /** Several fields at fault, each with its messages. */
  fields?: Record<string, string[]>;
  /** What else the client needs to act (the current record after a conflict, ids not found, ...). */
  data?: Record<string, unknown>;
  /** For throttling: when a retry may succeed. */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  readonly fields: Record<string, string[]>;
  readonly data: Record<string, unknown>;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
    opts: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = "DomainError";
    this.fields = { ...opts.fields, ...(opts.field ? { [opts.field]: [message] } : {}) };
    this.data = opts.data ?? {};
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

// Codes every domain shares. Domain-specific codes are declared in the domain's own `errors.ts`.
export const COMMON = {
  notFound: "common.not_found",
  forbidden: "common.forbidden",
  unauthenticated: "auth.unauthenticated",
  invalidInput: "common.invalid_input",
  invalidJson: "common.invalid_json",
  internal: "common.internal",
} as const;

export const FORBIDDEN_TEXT = "You haven't permissions";

export const notFound = (message = "Not found.", opts: DomainErrorOptions = {}) =>
  new DomainError(COMMON.notFound, "not_found", message, opts);

export const forbidden = (message = FORBIDDEN_TEXT, opts: DomainErrorOptions = {}) =>
  new DomainError(COMMON.forbidden, "forbidden", message, opts);

export const notAuthenticated = () =>
  new DomainError(
    COMMON.unauthenticated,
    "unauthenticated",
    "Authentication credentials were not provided or have expired.",
  );

/** A field that breaks a rule with no code of its own: `common.invalid_input` under that field. */
export const invalidField = (field: string, message: string, opts: Omit<DomainErrorOptions, "field"> = {}) =>
  new DomainError(COMMON.invalidInput, "invalid", message, { ...opts, field });
