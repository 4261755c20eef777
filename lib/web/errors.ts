// TRANSITIONAL: lib code moves to `DomainError` (lib/errors.ts); this file goes when nothing imports it.
export { forbidden, notAuthenticated, notFound } from "../errors.ts";

/** An error that carries its HTTP status and JSON body (being replaced by DomainError). */
export class HttpError extends Error {
  constructor(public status: number, public body: Record<string, unknown>, public headers: Record<string, string> = {}) {
    super(typeof body.detail === "string" ? body.detail : `HTTP ${status}`);
    this.name = "HttpError";
  }
}

export const badRequest = (body: Record<string, unknown>) => new HttpError(400, body);
