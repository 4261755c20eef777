import type { APIRoute } from "astro";
import { buildOpenApi } from "../../lib/web/openapi.ts";

// Public: the OpenAPI 3.1 description of every endpoint under /api (lib/web/openapi.ts), built once per process.
let body: string | undefined;

export const GET: APIRoute = () =>
  new Response(body ??= JSON.stringify(buildOpenApi()), {
    headers: { "content-type": "application/json", "cache-control": "public, max-age=300" },
  });
