// The shape of one OpenAPI registry entry (lib/web/openapi/*.ts).
import type { z } from "zod";
import type { Action } from "../../auth/permissions.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const HTTP_METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export interface Operation {
  method: HttpMethod;
  /** As the spec's client spells it, trailing slash included; `{id}` for a `[id]` route segment. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** 'public' (no session needed) or the permission-table action the handler checks. */
  auth: "public" | Action;
  /** The zod schema the handler parses the body with (JSON, or the text fields of a multipart upload). */
  body?: z.core.$ZodType;
  /** Multipart upload: the name of the file field (or fields); `body` then describes the other fields. */
  file?: string | readonly string[];
  /** The zod object schema the handler parses the query string with. */
  query?: z.ZodObject<z.ZodRawShape>;
  /** Path parameters other than a positive integer id. */
  params?: Record<string, z.core.$ZodType>;
  /** What a success returns. */
  response: string;
  /** Success status; 200 unless said. */
  status?: number;
  /** The success is a file (CSV or XLSX) rather than JSON. */
  download?: boolean;
  /** Error statuses beyond the automatic ones (400 with a body or query, 401/403 unless public, 404 with a path id). */
  errors?: Record<number, string>;
}

export const PAGED = "`{count, results}`: one page of rows";
