// The refusals of signing in, token refresh and password reset (codes `auth.*`), with the words of
// 01 section 8. One code breaks the `<domain>.<reason>` pattern on purpose: `token_not_valid` is the
// spec's client contract (Simple JWT's own code, which API clients already switch on), kept as it is.
import { DomainError } from "../errors.ts";

export const AUTH = {
  invalidCredentials: "auth.invalid_credentials",
  driverAccount: "auth.driver_account",
  deactivated: "auth.deactivated",
  throttled: "auth.throttled",
  resetThrottled: "auth.reset_throttled",
  invalidLink: "auth.invalid_link",
  tokenNotValid: "token_not_valid",
} as const;

export const INVALID_CREDENTIALS = "Email or password not valid!";
/** The one answer to a reset request, whether an account has the address or not (decisions.md, issue 9). */
export const RESET_SENT = "If an account has this address, a password reset e-mail has been sent.";
export const INVALID_LINK = "This link is invalid or has expired. Ask for a new one.";

/** Wrong e-mail or password, never saying which (DRF's `non_field_errors` body). */
export const invalidCredentials = () =>
  new DomainError(AUTH.invalidCredentials, "invalid", INVALID_CREDENTIALS, { field: "non_field_errors" });

export const driverAccount = () =>
  new DomainError(AUTH.driverAccount, "forbidden", "Driver accounts cannot sign in to the back office.");

export const deactivated = () =>
  new DomainError(AUTH.deactivated, "forbidden", "This account is deactivated. Ask your manager.");

/** Too many failed sign-ins for the account or the address; a retry may succeed after `retryAfterSeconds`. */
export const throttled = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new DomainError(
    AUTH.throttled,
    "throttled",
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfterSeconds },
  );
};

/** More reset requests for one target address than RESETS_PER_HOUR. */
export const resetThrottled = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new DomainError(
    AUTH.resetThrottled,
    "throttled",
    `Too many password reset requests for this address. Try again in ${minutes} minute${
      minutes === 1 ? "" : "s"
    }.`,
    { retryAfterSeconds },
  );
};

export const invalidLink = () =>
  new DomainError(AUTH.invalidLink, "invalid", INVALID_LINK, { field: "token" });

/** A refresh token that is unknown, expired, or used twice (then the whole session ends). */
export const tokenNotValid = (reused: boolean) =>
  new DomainError(
    AUTH.tokenNotValid,
    "unauthenticated",
    reused
      ? "This refresh token was already used; the session has been ended. Sign in again."
      : "Token is invalid or expired",
  );
