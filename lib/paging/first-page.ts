// A list page's first render, as /check, /check-ikea, /act and /act-ikea do it: the query read from the URL,
// and its rows. A URL the schema refuses, or one the lib refuses (a DomainError, e.g. a station not offered),
// falls back to the defaults rather than failing the page; `ok` says whether the URL's query was kept.
import { DomainError } from "../errors.ts";

interface QuerySchema<Q> {
  safeParse(raw: unknown): { success: true; data: Q } | { success: false };
  parse(raw: unknown): Q;
}

export async function firstPage<Q, D>(
  schema: QuerySchema<Q>,
  raw: Record<string, string>,
  load: (q: Q) => Promise<D>,
): Promise<{ q: Q; ok: boolean; data: D }> {
  const parsed = schema.safeParse(raw);
  const q = parsed.success ? parsed.data : schema.parse({});
  try {
    return { q, ok: parsed.success, data: await load(q) };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const fallback = schema.parse({});
    return { q: fallback, ok: false, data: await load(fallback) };
  }
}
