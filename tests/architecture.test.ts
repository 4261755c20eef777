// The layering rules of docs/ARCHITECTURE.md, checked on the source text (a lint that runs with the tests).
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const ROOT = Deno.cwd();
const SOURCE = /\.(ts|tsx|astro|mjs|js|css)$/;

function walk(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(ROOT, dir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) return name === "node_modules" ? [] : walk(rel);
    return SOURCE.test(name) ? [rel] : [];
  });
}

interface Import {
  specifier: string;
  /** Repository-relative path for relative specifiers; null for packages. */
  target: string | null;
  /** `import type` / `export type`: erased by the compiler, never loaded. */
  typeOnly: boolean;
  /** `export ... from`: passes the target's names on. */
  reexport: boolean;
}

const STATIC = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

const cache = new Map<string, Import[]>();
/** The imports of a repository file. */
export function importsOf(file: string): Import[] {
  const hit = cache.get(file);
  if (hit) return hit;
  const text = readFileSync(join(ROOT, file), "utf8");
  const resolveTarget = (s: string) => s.startsWith(".") ? normalize(join(dirname(file), s)) : null;
  const found: Import[] = [];
  for (const m of text.matchAll(STATIC)) {
    found.push({
      specifier: m[3],
      target: resolveTarget(m[3]),
      typeOnly: !!m[2],
      reexport: m[1] === "export",
    });
  }
  for (const m of text.matchAll(DYNAMIC)) {
    found.push({ specifier: m[1], target: resolveTarget(m[1]), typeOnly: false, reexport: false });
  }
  cache.set(file, found);
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// islands/ -> lib/

/** Server-side code an island may never import, not even its types. */
const NEVER_IN_ISLANDS = [/^lib\/db\//, /(^|\/)queries\.ts$/, /(^|\/)mutations\.ts$/, /(^|\/)schema\.ts$/];

/** The pure lib modules an island may load (ARCHITECTURE.md, layer table). */
const ISLAND_LIB_ALLOWED: { pattern: RegExp; why: string }[] = [
  { pattern: /^lib\/.+\/inputs\.ts$/, why: "zod schemas shared by forms and API" },
  { pattern: /^lib\/.+\/calc[^/]*\.ts$/, why: "pure calculations" },
  { pattern: /^lib\/auth\/roles\.ts$/, why: "role names and ids" },
  {
    pattern: /^lib\/(.+\/)?errors\.ts$/,
    why: "error codes the screens switch on (lib/errors.ts, each domain's errors.ts)",
  },
  { pattern: /^lib\/users\/person-ref\.ts$/, why: "the one PersonRef shape of every DTO" },
  { pattern: /^lib\/auth\/permissions\.ts$/, why: "the permission table and menu" },
  { pattern: /^lib\/dates\/[^/]+\.ts$/, why: "dates, weeks and number display" },
  {
    pattern: /^lib\/imports\/dto\.ts$/,
    why: "the import dialogs' table (which endpoint takes which file); types otherwise",
  },
  {
    pattern: /^lib\/.+\/policy\.ts$/,
    why:
      "EXCEPTION: pure rule functions (ARCHITECTURE.md: calc.ts/policy.ts) that islands call so the screen shows " +
      "what the server enforces; kept pure by the transitive check below",
  },
];

/** Packages that pure lib code reachable from an island may use (they are bundled for the browser). */
// libphonenumber-js: the phone field (lib/inputs/phone.ts) of the staff and account forms.
const BROWSER_PACKAGES = [/^zod(\/|$)/, /^dayjs(\/|$)/, /^libphonenumber-js(\/|$)/];

function isTest(file: string) {
  return /\.test\.tsx?$/.test(file);
}

Deno.test("architecture: the import scanner sees imports (this test cannot pass on nothing)", () => {
  const login = importsOf("islands/LoginPanel.tsx");
  assert.ok(login.some((i) => i.target === "lib/auth/inputs.ts"), JSON.stringify(login));
  const middleware = importsOf("routes/_middleware.ts");
  assert.ok(middleware.some((i) => i.target === "lib/web/identify.ts"));
  assert.ok(walk("islands").length > 3);
  assert.ok(walk("routes").length > 5);
});

Deno.test("architecture: islands import from lib/ only pure modules (inputs, calc, roles, permissions, dates)", () => {
  const problems: string[] = [];
  for (const file of walk("islands").filter((f) => !isTest(f))) {
    for (const imp of importsOf(file)) {
      if (!imp.target?.startsWith("lib/")) continue;
      if (NEVER_IN_ISLANDS.some((re) => re.test(imp.target!))) {
        problems.push(`${file} imports ${imp.target}${imp.typeOnly ? " (even as a type)" : ""}: server code`);
        continue;
      }
      if (imp.typeOnly) continue; // erased: nothing reaches the browser bundle
      if (!ISLAND_LIB_ALLOWED.some((a) => a.pattern.test(imp.target!))) {
        problems.push(
          `${file} loads ${imp.target}: islands may load only */inputs.ts, */calc*.ts, auth/roles.ts, ` +
            `auth/permissions.ts and dates/* (use \`import type\` for DTO types)`,
        );
      }
    }
  }
  assert.deepEqual(problems, [], problems.join("\n"));
});

Deno.test("architecture: lib modules loaded by islands stay pure all the way down", () => {
  const problems: string[] = [];
  const roots = new Set<string>();
  for (const file of walk("islands").filter((f) => !isTest(f))) {
    for (const imp of importsOf(file)) {
      if (!imp.typeOnly && imp.target?.startsWith("lib/")) roots.add(imp.target);
    }
  }
  assert.ok(roots.size > 0);
  for (const root of roots) {
    const seen = new Set<string>();
    const walkFrom = (file: string, path: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      let imports: Import[];
      try {
        imports = importsOf(file);
      } catch {
        problems.push(`${path.join(" -> ")}: cannot read ${file}`);
        return;
      }
      for (const imp of imports) {
        if (imp.typeOnly) continue;
        const chain = [...path, imp.target ?? imp.specifier].join(" -> ");
        if (imp.target === null) {
          if (!BROWSER_PACKAGES.some((re) => re.test(imp.specifier))) {
            problems.push(`${chain}: package not meant for the browser`);
          }
        } else if (NEVER_IN_ISLANDS.some((re) => re.test(imp.target!))) {
          problems.push(`${chain}: server code reached from an island`);
        } else {
          walkFrom(imp.target, [...path, imp.target]);
        }
      }
    };
    walkFrom(root, [root]);
  }
  assert.deepEqual([...new Set(problems)], [], [...new Set(problems)].join("\n"));
});

// ---------------------------------------------------------------------------------------------------------
// routes/ stay thin

Deno.test("architecture: routes never import drizzle-orm or a schema directly (they call lib)", () => {
  const problems: string[] = [];
  for (const file of walk("routes")) {
    for (const imp of importsOf(file)) {
      if (imp.specifier === "drizzle-orm" || imp.specifier.startsWith("drizzle-orm/")) {
        problems.push(`${file} imports ${imp.specifier}`);
      }
      if (imp.target && (imp.target === "lib/db/schema.ts" || /^lib\/.+\/schema\.ts$/.test(imp.target))) {
        problems.push(`${file} imports ${imp.target}`);
      }
    }
  }
  assert.deepEqual(problems, [], problems.join("\n"));
});

// ---------------------------------------------------------------------------------------------------------
// lib/: HTTP stays at the edge

/** lib/web is the edge; lib/boot and lib/log serve it and main.ts. Domain code never reaches up to them. */
const EDGE = /^lib\/web\//;

Deno.test("architecture: lib never imports lib/web (domain errors carry codes; statuses are chosen at the edge)", () => {
  const problems: string[] = [];
  for (const file of walk("lib").filter((f) => /\.tsx?$/.test(f) && !EDGE.test(f))) {
    for (const imp of importsOf(file)) {
      if (imp.target && EDGE.test(imp.target)) problems.push(`${file} imports ${imp.target}`);
    }
  }
  assert.deepEqual(problems, [], problems.join("\n"));
  // The rule has something to guard: lib/web itself does import lib.
  assert.ok(importsOf("lib/web/endpoint.ts").some((i) => i.target === "lib/errors.ts"));
});

// ---------------------------------------------------------------------------------------------------------
// lib/: no import loops, and lib/db at the bottom

type Graph = Map<string, string[]>;

/** lib's modules and the lib modules each one loads (type-only imports are erased, so they are no edge). */
function libGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of walk("lib").filter((f) => /\.tsx?$/.test(f) && !isTest(f))) {
    const loads = importsOf(file).filter((i) => !i.typeOnly && i.target?.startsWith("lib/")).map((i) =>
      i.target!
    );
    graph.set(file, [...new Set(loads)]);
  }
  return graph;
}

/** One loop per strongly connected part of the graph (Tarjan), each as its files from a start back to it. */
export function findCycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part = new Set<string>();
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.add(w);
    } while (w !== v);
    if (part.size > 1 || graph.get(v)!.includes(v)) cycles.push(loopThrough(graph, v, part));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/** The shortest way from `start` back to itself inside its strongly connected part. */
function loopThrough(graph: Graph, start: string, part: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!part.has(w) || cameFrom.has(w)) continue;
      cameFrom.set(w, v);
      if (w === start) queue.length = 0;
      else queue.push(w);
    }
  }
  const back: string[] = [];
  for (let v = cameFrom.get(start)!; v !== start; v = cameFrom.get(v)!) back.push(v);
  return [start, ...back.reverse(), start];
}

Deno.test("architecture: the loop finder finds loops (checked on a made-up graph)", () => {
  const graph: Graph = new Map([
    ["a.ts", ["b.ts", "x.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts", "d.ts"]],
    ["d.ts", []],
    ["e.ts", ["e.ts"]],
    ["f.ts", ["a.ts"]],
  ]);
  assert.deepEqual(findCycles(graph), [["a.ts", "b.ts", "c.ts", "a.ts"], ["e.ts", "e.ts"]]);
  assert.deepEqual(findCycles(new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", []]])), []);
});

Deno.test("architecture: no import loops in lib", () => {
  const graph = libGraph();
  assert.ok(graph.size > 100 && (graph.get("lib/db/client.ts") ?? []).includes("lib/db/schema.ts"));
  const loops = findCycles(graph).map((c) => c.join(" -> "));
  assert.deepEqual(
    loops,
    [],
    `import loops (a module loads another that loads it back):\n${loops.join("\n")}`,
  );
});

/** What lib/db may load from the rest of lib: the settings, and (for drizzle-kit and the typed client) the tables. */
const DB_MAY_LOAD = [/^lib\/db\//, /^lib\/config\.ts$/, /^lib\/.+\/schema\.ts$/];

Deno.test("architecture: lib/db imports nothing above it (config, and the schema aggregator's tables)", () => {
  const problems: string[] = [];
  const dbFiles = walk("lib/db").filter((f) => /\.ts$/.test(f) && !isTest(f));
  assert.ok(dbFiles.includes("lib/db/client.ts"));
  for (const file of dbFiles) {
    for (const imp of importsOf(file)) {
      if (
        !imp.target?.startsWith("lib/") || imp.target.startsWith("lib/db/") || imp.target === "lib/config.ts"
      ) continue;
      const tables = file === "lib/db/schema.ts" && imp.reexport && /^lib\/.+\/schema\.ts$/.test(imp.target);
      if (!tables) problems.push(`${file} imports ${imp.target}`);
    }
  }
  // All that lib/db loads, however far down: tables and nothing else (a schema file importing domain logic
  // would pull it into every process that opens the database).
  const graph = libGraph();
  const seen = new Set<string>();
  const reach = (file: string, path: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!DB_MAY_LOAD.some((re) => re.test(file))) {
      problems.push(`${path.join(" -> ")}: lib/db loads domain code`);
    }
    for (const next of graph.get(file) ?? []) reach(next, [...path, next]);
  };
  for (const file of dbFiles) reach(file, [file]);
  assert.ok(seen.has("lib/org/schema.ts"));
  assert.deepEqual(problems, [], problems.join("\n"));
});

// ---------------------------------------------------------------------------------------------------------
// Small files

export const MAX_LINES = 400;
/** Files allowed past MAX_LINES, each with its reason and a ceiling of its own. */
export const LONG_FILE_EXCEPTIONS: Record<string, { max: number; reason: string }> = {};

Deno.test(`architecture: no source file in lib, routes, islands, components, cli is longer than ${MAX_LINES} lines`, () => {
  const problems: string[] = [];
  for (const dir of ["lib", "routes", "islands", "components", "cli"]) {
    for (const file of walk(dir)) {
      if (file.startsWith("lib/db/migrations/")) continue; // generated by drizzle-kit
      const lines = readFileSync(join(ROOT, file), "utf8").split("\n").length;
      const exception = LONG_FILE_EXCEPTIONS[file];
      const max = exception?.max ?? MAX_LINES;
      if (lines > max) {
        problems.push(
          `${file}: ${lines} lines (limit ${max}${exception ? `, exception: ${exception.reason}` : ""})`,
        );
      }
    }
  }
  assert.deepEqual(problems, [], problems.join("\n"));
});

function statSafe(file: string): boolean {
  try {
    statSync(join(ROOT, file));
    return true;
  } catch {
    return false;
  }
}

Deno.test("architecture: every long-file exception is still needed", () => {
  const stale = Object.keys(LONG_FILE_EXCEPTIONS).filter((file) =>
    !statSafe(file) || readFileSync(join(ROOT, file), "utf8").split("\n").length <= MAX_LINES
  );
  assert.deepEqual(
    stale,
    [],
    `drop these exceptions, the files are short now (or gone): ${stale.join(", ")}`,
  );
});
