import { notFound } from "../errors.ts";

export function idParam(raw: string | undefined): number {
  const id = Number(raw);
  // Postgres integers stop at 2^31-1; a larger id cannot exist, and must not reach the database as an error.
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
  return id;
}

export function queryParams(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}
