// The static half of the gate (`deno task ok` = these checks, then every test; `deno task check` = these
// alone): formatting, lint (no `any`), and the types of every entry point — main, dev, the CLI, lib, the
// islands, the API routes and the tests through `deno check`, the Astro pages and the middleware (which
// import Astro's virtual modules) through `astro check`. Each step names the command that reproduces it.

interface Step {
  name: string;
  args: string[];
  env?: Record<string, string>;
}

const ASTRO_ENV = { ASTRO_DISABLE_UPDATE_CHECK: "true", ASTRO_TELEMETRY_DISABLED: "1" };

/** Every TypeScript entry point deno can type-check (the middleware imports `astro:*`: astro check's). */
const DENO_CHECKED = [
  "main.ts",
  "dev.ts",
  "lib",
  "cli",
  "islands",
  "tests",
  "routes/api",
  "routes/logout.ts",
];

export const STEPS: Step[] = [
  { name: "format", args: ["fmt", "--check", "--quiet"] },
  { name: "lint", args: ["lint", "--quiet"] },
  { name: "types (deno)", args: ["check", "--quiet", ...DENO_CHECKED] },
  {
    name: "types (astro pages)",
    args: ["run", "-A", "node_modules/astro/bin/astro.mjs", "check", "--tsconfig", "tsconfig.astro.json"],
    env: ASTRO_ENV,
  },
];

async function runStep(step: Step): Promise<boolean> {
  const started = performance.now();
  const { success } = await new Deno.Command(Deno.execPath(), {
    args: step.args,
    env: step.env,
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  const shown = `deno ${step.args.join(" ")}`;
  if (success) console.log(`gate: ${step.name} ok (${secs} s)`);
  else console.error(`\ngate: ${step.name} FAILED (${secs} s). Reproduce with: ${shown}`);
  return success;
}

/**
 * Runs every step at once (each type checker keeps one core busy for a minute; on two cores side by side
 * they take the time of the longer), not stopping at the first failure, so one run lists everything to fix.
 */
export async function staticChecks(): Promise<boolean> {
  return (await Promise.all(STEPS.map(runStep))).every(Boolean);
}

if (import.meta.main) Deno.exit((await staticChecks()) ? 0 : 1);
