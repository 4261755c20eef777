// Development server: Astro's dev server with hot reload; the database opens on the first request.
import process from "node:process";
import { spawn } from "node:child_process";

const child = spawn(Deno.execPath(), ["run", "-A", "node_modules/astro/bin/astro.mjs", "dev", ...Deno.args], {
  stdio: "inherit",
  env: { ...process.env, ASTRO_DISABLE_UPDATE_CHECK: "true", ASTRO_TELEMETRY_DISABLED: "1" },
});
child.on("exit", (code) => process.exit(code ?? 0));
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
