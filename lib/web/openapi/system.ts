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
    path: "/api/ready",
    tag: "system",
    auth: "public",
    summary: "Readiness: database reachable, migrations current, outbox backlog below READY_OUTBOX_BACKLOG",
    description: "Each check says `ok` and in words what is wrong (`checks.database`, `checks.migrations`, " +
      "`checks.outbox`); every database read is bounded (2 s), so an unreachable database is a prompt 503.",
    response: "`{status: 'ready', checks: {database, migrations, outbox}}`",
    errors: { 503: "`{status: 'unavailable', checks}`: at least one check failed, each says why" },
  },
  {
    method: "GET",
    path: "/api/metrics",
    tag: "system",
    auth: "public",
    summary: "Prometheus metrics (text format), for `Authorization: Bearer <METRICS_TOKEN>`",
    description:
      "Request latency by route pattern (`dsp_http_request_duration_seconds`), import durations by " +
      "kind (`dsp_import_duration_seconds`), outbox backlog, failures and failed sends, database pool use " +
      "and whether the database answered. Counters and histograms are this process's; gauges are read from " +
      "the database at scrape time. Not a session-authenticated call: its own token.",
    response: "`text/plain; version=0.0.4`",
    errors: { 401: "No or a wrong METRICS_TOKEN", 404: "METRICS_TOKEN is not set: metrics are off" },
  },
  {
    method: "GET",
    path: "/api/backup/",
    tag: "system",
    auth: "system.backup",
    summary: "A consistent backup of the embedded database (what `dsp backup` saves while the server runs)",
    description:
      "PGlite's dump of its data directory (gzipped tar), taken between two statements; restore it " +
      "with `dsp restore <file> --data-dir <new dir>`. A PostgreSQL server answers 409: use pg_dump.",
    response: "`application/gzip`: the data directory's dump",
    errors: { 409: "The server uses PostgreSQL (`backup.use_pg_dump`): back it up with pg_dump" },
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
