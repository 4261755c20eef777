// OpenAPI registry entries: outbox and system. lib/web/openapi.ts assembles the document.
import { z } from "zod";
import { type Operation, PAGED } from "./types.ts";

// The outbox list parses this inline in routes/api/outbox.ts; it is repeated here (same fields, same limits).
const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

export const systemOperations: readonly Operation[] = [
  // ------------------------------------------------------------------ outbox and system
  {
    method: "GET",
    path: "/api/outbox/",
    tag: "outbox",
    auth: "outbox.read",
    summary: "Messages queued and sent (e-mail, SMS)",
    query: outboxQuery,
    response: PAGED,
  },
  {
    method: "GET",
    path: "/api/health",
    tag: "system",
    auth: "public",
    summary: "Liveness and database reachability",
    response: "`{status: 'ok', database: {kind, reachable}}`; 503 when the database is unreachable",
    errors: { 503: "The database is unreachable" },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "system",
    auth: "public",
    summary: "This document",
    response: "The OpenAPI 3.1 document",
  },
];
