// OpenAPI registry entries: outbox and system. lib/web/openapi.ts assembles the document.
import { type Operation, PAGED } from "./types.ts";
import { outboxQuery } from "../../outbox/inputs.ts";

export const systemOperations: readonly Operation[] = [
  // ------------------------------------------------------------------ outbox and system
  {
    method: "GET",
    path: "/api/outbox/",
    tag: "outbox",
    auth: "outbox.read",
    summary: "The message log: e-mail and SMS sent, and drivers' SMS replies (newest first)",
    description:
      "`da` filters one DA's messages both ways, `batch` one Notify's messages, `direction` in/out. " +
      "A reply (`direction: in`) carries `sender` and `outcome` (what it did).",
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
