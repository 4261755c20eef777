/** An error that carries its HTTP status and JSON body; lib throws these, the API wrapper renders them. */
export class HttpError extends Error {
  constructor(public status: number, public body: Record<string, unknown>, public headers: Record<string, string> = {}) {
    super(typeof body.detail === "string" ? body.detail : `HTTP ${status}`);
    this.name = "HttpError";
  }
}

export const notAuthenticated = () =>
  new HttpError(401, { detail: "Authentication credentials were not provided or have expired." });
export const forbidden = () => new HttpError(403, { detail: "You haven't permissions" });
export const notFound = (what = "Not found.") => new HttpError(404, { detail: what });
export const badRequest = (body: Record<string, unknown>) => new HttpError(400, body);
