import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { ACTIONS } from "../auth/permissions.ts";
import { buildOpenApi, HTTP_METHODS, jsonSchema, operations } from "./openapi.ts";
import { GET as serveOpenApi } from "../../routes/api/openapi.json.ts";

const API_DIR = join(Deno.cwd(), "routes/api");

/**
 * Our own two paths keep no trailing slash: /api/health (what probes and the README call) and
 * /api/openapi.json (a file name). Every other path is the spec's, which always ends in a slash.
 */
const NO_SLASH = new Set(["/api/health", "/api/ready", "/api/metrics", "/api/openapi.json"]);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    // The same files lib/web/routes-integration.ts turns into routes.
    if (!/\.ts$/.test(name) || name.startsWith("_") || name.endsWith(".test.ts")) return [];
    return [full];
  });
}

/** routes/api/users/[id]/x.ts -> /api/users/{id}/x/ (no slash for NO_SLASH paths). */
function apiPath(file: string): string {
  const rel = relative(API_DIR, file).split("\\").join("/").replace(/\.ts$/, "");
  const parts = rel.split("/").filter((p) => p !== "index").map((p) => p.replace(/^\[(\w+)\]$/, "{$1}"));
  const path = "/api/" + parts.join("/");
  return NO_SLASH.has(path) ? path : path + "/";
}

interface Handler {
  file: string;
  path: string;
  method: string;
  /** The action named in `endpoint("x", ...)`, "public" for publicEndpoint, undefined when neither is used. */
  auth?: string;
}

/** Every `export const GET = ...` / `export function POST` / `export async function PATCH` in routes/api. */
function handlers(): Handler[] {
  const out: Handler[] = [];
  for (const file of walk(API_DIR)) {
    const src = readFileSync(file, "utf8");
    const exports = [
      ...src.matchAll(/export\s+(?:const\s+|(?:async\s+)?function\s+)(GET|POST|PUT|PATCH|DELETE|ALL)\b/g),
    ];
    exports.forEach((m, i) => {
      const chunk = src.slice(m.index, exports[i + 1]?.index ?? src.length);
      const action = /\bendpoint\(\s*["']([\w.]+)["']/.exec(chunk)?.[1];
      const auth = action ?? (/\bpublicEndpoint\(/.test(chunk) ? "public" : undefined);
      out.push({ file: relative(Deno.cwd(), file), path: apiPath(file), method: m[1], auth });
    });
  }
  return out;
}

const key = (method: string, path: string) => `${method} ${path}`;

// The parts of the served document these tests read.
interface ParamDoc {
  in: string;
  name: string;
  required?: boolean;
  schema?: unknown;
}
interface OperationDoc {
  operationId: string;
  parameters?: ParamDoc[];
  responses: Record<string, unknown>;
  security?: unknown[];
  "x-roles"?: string[];
  requestBody: {
    content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
  };
}
interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, unknown> };
}
const documentRead = () => buildOpenApi() as unknown as OpenApiDoc;

Deno.test("the document is OpenAPI 3.1 with every registered path and method", () => {
  const doc = documentRead();
  assert.match(doc.openapi, /^3\.1\.\d+$/);
  assert.equal(typeof doc.info.title, "string");
  assert.equal(typeof doc.info.version, "string");
  assert.ok(Object.keys(doc.paths).length > 0);
  for (const op of operations) {
    const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
    assert.ok(entry, `${key(op.method, op.path)} missing from the document`);
    assert.ok(
      entry.responses && Object.keys(entry.responses).length > 0,
      `${key(op.method, op.path)} has no responses`,
    );
    for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
      assert.ok(
        entry.parameters?.some((p) => p.in === "path" && p.name === name && p.required),
        `${key(op.method, op.path)}: path parameter {${name}} undeclared`,
      );
    }
  }
  const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
  assert.equal(new Set(ids).size, ids.length, "operationIds are unique");
  // Every $ref points at a component that exists.
  for (const [, ref] of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)) {
    assert.ok(doc.components.schemas[ref], `unresolved $ref ${ref}`);
  }
  // Nothing in it that JSON cannot carry (functions, undefined): a round trip is lossless.
  assert.deepEqual(JSON.parse(JSON.stringify(doc)), doc);
});

Deno.test("the registry is well-formed: spec paths with trailing slash, known actions, no duplicates", () => {
  const seen = new Set<string>();
  for (const op of operations) {
    assert.ok(HTTP_METHODS.includes(op.method), `${op.method} is not an HTTP method we serve`);
    assert.match(op.path, /^\/api\//);
    if (!NO_SLASH.has(op.path)) {
      assert.ok(op.path.endsWith("/"), `${op.path} must end with a slash, as the spec spells it`);
    }
    assert.ok(
      op.auth === "public" || op.auth in ACTIONS,
      `${key(op.method, op.path)}: unknown action ${op.auth}`,
    );
    assert.ok(!seen.has(key(op.method, op.path)), `${key(op.method, op.path)} registered twice`);
    seen.add(key(op.method, op.path));
    assert.ok(
      op.summary && op.response && op.tag,
      `${key(op.method, op.path)}: summary, tag and response are required`,
    );
    if (op.query) {
      assert.equal(
        jsonSchema(op.query).type,
        "object",
        `${key(op.method, op.path)}: query must be an object`,
      );
    }
  }
});

Deno.test("every handler under routes/api has an operation, and every operation a handler", () => {
  const found = handlers();
  assert.ok(found.length > 0, "no handlers found under routes/api");
  const registered = new Map(operations.map((o) => [key(o.method, o.path), o]));
  const missing = found.filter((h) => !registered.has(key(h.method, h.path)))
    .map((h) => `${key(h.method, h.path)} (${h.file})`);
  assert.deepEqual(missing, [], "add these to `operations` in lib/web/openapi.ts");
  const handled = new Set(found.map((h) => key(h.method, h.path)));
  const stale = [...registered.keys()].filter((k) => !handled.has(k));
  assert.deepEqual(stale, [], "registered in lib/web/openapi.ts but no route file exports them");
});

Deno.test("each operation's auth is the one its handler checks", () => {
  const registered = new Map(operations.map((o) => [key(o.method, o.path), o]));
  const wrong = handlers().filter((h) => h.auth !== undefined && registered.has(key(h.method, h.path)))
    .filter((h) => registered.get(key(h.method, h.path))!.auth !== h.auth)
    .map((h) =>
      `${key(h.method, h.path)}: handler ${h.auth}, document ${registered.get(key(h.method, h.path))?.auth}`
    );
  assert.deepEqual(wrong, []);
});

Deno.test("authenticated operations declare 401/403 and their roles; public ones need no security", () => {
  const doc = documentRead();
  for (const op of operations) {
    const entry = doc.paths[op.path][op.method.toLowerCase()];
    if (op.auth === "public") {
      assert.deepEqual(entry.security, [], `${key(op.method, op.path)} is public`);
    } else {
      assert.ok(entry.responses["401"] && entry.responses["403"], `${key(op.method, op.path)} lacks 401/403`);
      assert.deepEqual(entry["x-roles"], [...ACTIONS[op.auth]]);
    }
  }
});

Deno.test("request bodies and query parameters carry the zod schemas' field names", () => {
  const doc = documentRead();
  const login = doc.paths["/api/auth/login/"].post.requestBody.content["application/json"].schema;
  assert.deepEqual(Object.keys(login.properties).sort(), ["email", "password"]);
  assert.deepEqual(login.required.sort(), ["email", "password"]);
  const users = (doc.paths["/api/users/"].get.parameters ?? []).map((p) => p.name);
  for (const name of ["page", "page_size", "search"]) {
    assert.ok(users.includes(name), `users list lacks ?${name}`);
  }
  assert.ok(
    users.every((n: string) =>
      doc.paths["/api/users/"].get.parameters?.find((p) => p.name === n)?.in === "query"
    ),
  );
  const patch = doc.paths["/api/users/{id}/"].patch;
  assert.ok(patch.requestBody.content["application/json"].schema.properties.first_name);
  assert.deepEqual(patch.parameters?.find((p) => p.name === "id")?.schema, {
    type: "integer",
    minimum: 1,
  });
});

Deno.test("GET /api/openapi.json serves the document as JSON", async () => {
  const res = await serveOpenApi({} as Parameters<typeof serveOpenApi>[0]);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  const doc = await res.json();
  assert.match(doc.openapi, /^3\.1\./);
  assert.ok(doc.paths["/api/openapi.json"].get);
  assert.ok(doc.paths["/api/auth/token/"].post);
});
