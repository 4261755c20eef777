// The REST API's OpenAPI 3.1 document, served at /api/openapi.json. `operations` is the registry: one entry
// per exported handler under routes/api/, with the very zod schemas the handler parses (converted with zod 4's
// z.toJSONSchema, input side), so the document cannot drift from validation. lib/web/openapi.test.ts walks
// routes/api/ and fails when a file or an exported method has no entry here, or an entry no handler.
//
// Paths are spelled as the spec's client calls them, trailing slash included (`/api/auth/token/`); the server
// answers with or without it. Paths of our own, not the spec's, keep no slash: `/api/health`, `/api/ready` and
// `/api/metrics` (what probes, scrapers and the README call) and `/api/openapi.json` (a file name).
import { z } from "zod";
import { ACTIONS } from "../auth/permissions.ts";
import { ROLE_NAMES } from "../auth/roles.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./cookies.ts";
import { accountsOperations } from "./openapi/accounts.ts";
import { registersOperations } from "./openapi/registers.ts";
import { shiftsOperations } from "./openapi/shifts.ts";
import { importsOperations } from "./openapi/imports.ts";
import { systemOperations } from "./openapi/system.ts";
import { specCallsOperations } from "./openapi/spec-calls.ts";
import { messagesOperations } from "./openapi/messages.ts";
import { statisticsOperations } from "./openapi/statistics.ts";
import { scheduleOperations } from "./openapi/schedule.ts";
import { fleetReportsOperations } from "./openapi/fleet-reports.ts";
import { payrollOperations } from "./openapi/payroll.ts";
import { checksOperations } from "./openapi/checks.ts";
import { dashboardOperations } from "./openapi/dashboard.ts";
import { coachingOperations } from "./openapi/coaching.ts";
import type { Operation } from "./openapi/types.ts";

export { HTTP_METHODS, type HttpMethod, type Operation } from "./openapi/types.ts";

export const operations: readonly Operation[] = [
  ...accountsOperations,
  ...registersOperations,
  ...shiftsOperations,
  ...importsOperations,
  ...systemOperations,
  ...specCallsOperations,
  ...messagesOperations,
  ...statisticsOperations,
  ...scheduleOperations,
  ...fleetReportsOperations,
  ...payrollOperations,
  ...checksOperations,
  ...dashboardOperations,
  ...coachingOperations,
];

// ------------------------------------------------------------------ the document

type Json = Record<string, unknown>;

const TAGS: Record<string, string> = {
  auth: "Sign-in, tokens, sessions and password reset",
  users: "The signed-in user and user lists",
  settings: "Per-user settings",
  shifts: "Daily operations: the board, reports, tracker rows, notifications",
  budgets: "Monthly budgets per station",
  staff: "Staff accounts (Setup > Staff accounts)",
  das: "The DA status register",
  vans: "The fleet status register",
  roster: "Roster imports (DAs and vans)",
  imports: "Weekly Amazon file imports (scorecards, DNR, quality, reliability, WHC)",
  reference: "Reference data pickers",
  setup: "Reference data maintenance (Setup)",
  outbox: "Messages: outgoing e-mail and SMS, and drivers' SMS replies",
  system: "Health and this description",
  schedule: "The weekly schedule grid, availability requests and publishing",
  "fleet-reports": "Fleet reports: monthly van rates against actual invoices",
  dashboard: "The dashboard's cards and the analytics weights",
};

/** Drops the noise zod adds for z.number().int() (±MAX_SAFE_INTEGER bounds) and nested `$schema` keys. */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$schema") continue;
    if ((k === "minimum" || k === "maximum") && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = tidy(v);
  }
  return out;
}

/** The input side of a zod schema (what a client sends), as JSON Schema draft 2020-12 (OpenAPI 3.1's dialect). */
export function jsonSchema(schema: z.core.$ZodType): Json {
  return tidy(
    z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }),
  ) as Json;
}

const error = { $ref: "#/components/schemas/Error" };
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: error } },
});

function parameters(op: Operation): Json[] {
  const out: Json[] = [];
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
    const schema = op.params?.[name] ? jsonSchema(op.params[name]) : { type: "integer", minimum: 1 };
    out.push({ name, in: "path", required: true, schema });
  }
  if (op.query) {
    const s = jsonSchema(op.query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(s.properties ?? {})) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: "query",
        required: s.required?.includes(name) ?? false,
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

function requestBody(op: Operation): Json | undefined {
  if (op.file) {
    const fields = op.body ? jsonSchema(op.body) as { properties?: Json; required?: string[] } : {};
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              ...Object.fromEntries(
                [op.file].flat().map((
                  f,
                ) => [f, { type: "string", contentMediaType: "application/octet-stream" }]),
              ),
              ...fields.properties,
            },
            required: [...[op.file].flat(), ...(fields.required ?? [])],
          },
        },
      },
    };
  }
  if (!op.body) return undefined;
  return { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } };
}

function responses(op: Operation): Json {
  const success = op.download
    ? {
      description: op.response,
      content: {
        "text/csv": { schema: { type: "string" } },
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
          schema: { type: "string", contentMediaType: "application/octet-stream" },
        },
      },
    }
    : op.status === 204
    ? { description: op.response }
    : { description: op.response, content: { "application/json": { schema: { type: "object" } } } };
  const out: Json = { [String(op.status ?? 200)]: success };
  if (op.body || op.query || op.file) {
    out["400"] = errorResponse("Not valid: `{field: [message], detail, code}`");
  }
  if (op.auth !== "public") {
    out["401"] = errorResponse("Not signed in, or the session has ended");
    out["403"] = errorResponse("The role may not do this");
  }
  if (op.path.includes("{")) out["404"] = errorResponse("No such row (or not at the viewer's stations)");
  for (const [status, description] of Object.entries(op.errors ?? {})) {
    out[status] = errorResponse(description);
  }
  return out;
}

function operationId(op: Operation): string {
  const words = op.path.replace(/^\/api\//, "").split(/[^A-Za-z0-9]+/).filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return op.method.toLowerCase() + words.join("");
}

function describeAuth(op: Operation): string {
  if (op.auth === "public") return "Public: no session needed.";
  const roles = ACTIONS[op.auth].map((r) => ROLE_NAMES[r]).join(", ");
  return `Needs \`${op.auth}\` (${roles}).`;
}

/** The OpenAPI 3.1 document for every registered operation. */
export function buildOpenApi(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of operations) {
    const params = parameters(op);
    const body = requestBody(op);
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: operationId(op),
      tags: [op.tag],
      summary: op.summary,
      description: [op.description, describeAuth(op)].filter(Boolean).join("\n\n"),
      ...(op.auth === "public" ? { security: [] } : {
        "x-action": op.auth,
        "x-roles": ACTIONS[op.auth],
        security: [{ cookieAuth: [] }, { bearerAuth: [] }],
      }),
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(op),
    };
  }
  const used = new Set(operations.map((o) => o.tag));
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "DSP Back Office API",
      version: "1.0.0",
      description:
        "REST under /api, keeping the specification's paths, methods, query parameters and field " +
        "names. Browsers authenticate with the HttpOnly session cookies set by POST /api/auth/login/ (state-" +
        "changing requests must carry a same-origin Origin header); API clients with `Authorization: Bearer " +
        "<access>` from POST /api/auth/token/. Errors are JSON: `{detail, code}`, plus `{field: [message]}` " +
        "for the fields at fault and what else the refusal names (see each operation). `detail` is for people; " +
        "`code` (e.g. `tracker.no_free_vans`, `auth.throttled`) is stable and is what clients switch on.",
    },
    servers: [{ url: "/" }],
    tags: Object.entries(TAGS).filter(([name]) => used.has(name)).map(([name, description]) => ({
      name,
      description,
    }))
      .concat([...used].filter((t) => !(t in TAGS)).map((name) => ({ name, description: name }))),
    paths,
    components: {
      securitySchemes: {
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          name: ACCESS_COOKIE,
          description:
            `Set by POST /api/auth/login/; renewed from the \`${REFRESH_COOKIE}\` cookie when it expires.`,
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "The `access` token of POST /api/auth/token/.",
        },
      },
      schemas: {
        Error: {
          type: "object",
          properties: {
            detail: { type: "string", description: "What went wrong, in the words the screen shows" },
            code: {
              type: "string",
              description: "Stable identifier of the refusal, `<domain>.<reason>` (`common.not_found`, " +
                "`shift.duplicate`, ...); the token refresh keeps the spec's `token_not_valid`",
            },
          },
          additionalProperties: { type: "array", items: { type: "string" } },
        },
      },
    },
  };
}
