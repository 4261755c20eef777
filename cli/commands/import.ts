// `dsp import <files or folders...>`: the weekly Amazon files into the server, as the /import dialogs would
// send them. Each file is recognised and parsed here first (the same parsers the server runs), files the
// server already holds (same sha256) are skipped without being parsed, and the rest are uploaded three at a
// time, one station-week-slot at a time so a republished copy replaces its original in a fixed order.
import type { Command } from "commander";
import { z } from "zod";
import type { ImportOutcomeDto, ImportRefusalDto } from "../../lib/imports/dto.ts";
import { KIND_SLOT } from "../../lib/imports/dto.ts";
import type { Problem } from "../../lib/amazon/types.ts";
import { apiFetch, apiJson, errorDetail, requireCredentials } from "../client.ts";
import { CliError } from "../errors.ts";
import { isJsonMode, result } from "../output.ts";
import { collectFiles, identify, type Inspected, NOT_AMAZON, validate } from "../import-plan.ts";
import {
  ALREADY_IMPORTED,
  buildReport,
  closingLines,
  emptyReport,
  fileLine,
  type FileReport,
  type IgnoredFile,
  type ImportReport,
  problemText,
} from "../import-report.ts";

export const UPLOADS_AT_ONCE = 3;

export interface ImportOptions {
  dryRun?: boolean;
  station?: string;
  page?: string | number;
}

const optionsSchema = z.object({
  page: z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").optional(),
  station: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{3,5}$/, "a station tag such as DON9").optional(),
});

function reportOf(item: Inspected): FileReport {
  return {
    ...emptyReport(item.name, item.path),
    kind: item.kind,
    dialog: item.dialog,
    station: item.station,
    week: item.week,
    rows: item.kind ? item.rows : null,
    start_page: item.startPage,
    sha256: item.sha256,
    problems: item.problems,
  };
}

/** A file refused here: the first fatal problem is the detail, the rest follow it. */
function refusedHere(item: Inspected): FileReport {
  const first = item.problems.find((p) => p.fatal) ?? item.problems[0];
  return { ...reportOf(item), status: "failed", ok: false, detail: first ? problemText(first) : "refused." };
}

/** Runs one function at a time per key and at most `n` overall. */
function scheduler(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const lanes = new Map<string, Promise<unknown>>();
  const slot = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
  return <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const p = (lanes.get(key) ?? Promise.resolve()).then(() => slot(fn));
    lanes.set(key, p.catch(() => {}));
    return p;
  };
}

async function upload(item: Inspected): Promise<FileReport> {
  const base = reportOf(item);
  const form = new FormData();
  form.append(item.endpoint!.field, new Blob([item.bytes! as BlobPart]), item.name);
  if (item.kind === "scorecard-pdf") form.append("page_numbers", String(item.startPage ?? 1));
  const t = performance.now();
  try {
    const res = await apiFetch(item.endpoint!.path, { method: "POST", body: form });
    const ms = Math.round(performance.now() - t);
    if (res.ok) {
      const o = await res.json() as ImportOutcomeDto;
      return {
        ...base,
        status: o.status,
        ok: true,
        station: o.import.station?.tag ?? base.station,
        week: o.import.week ?? base.week,
        rows: o.import.rows,
        unmatched: o.import.unmatched,
        import_id: o.import.id,
        replaced_id: o.replaced_id,
        ms,
        server_ms: o.took_ms,
        problems: o.import.problems ?? base.problems,
      };
    }
    const { message, body } = await errorDetail(res);
    const refusal = body as Partial<ImportRefusalDto> | null;
    const problems: Problem[] = Array.isArray(refusal?.problems) ? refusal.problems : [];
    const detail = res.status === 403 ? `${message} (the server refused: HTTP 403)` : message;
    return { ...base, status: "failed", ok: false, detail, ms, problems };
  } catch (e) {
    return { ...base, status: "failed", ok: false, detail: (e as Error).message, ms: null, problems: [] };
  }
}

/** The API takes at most this many hashes a request. */
const HASHES_PER_REQUEST = 500;

/** Which of these sha256s the server holds as active imports at the viewer's stations. */
async function importedAlready(sha256s: string[]): Promise<Set<string>> {
  const all = [...new Set(sha256s)];
  const held = new Set<string>();
  for (let i = 0; i < all.length; i += HASHES_PER_REQUEST) {
    const answer = await apiJson<{ imported: string[] }>("/api/imports/hashes/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sha256: all.slice(i, i + HASHES_PER_REQUEST) }),
    });
    for (const h of answer.imported ?? []) held.add(h);
  }
  return held;
}

type Done = (f: FileReport) => void;
type Collected = Awaited<ReturnType<typeof collectFiles>>;

/** What each file is, by name and first bytes; left alone or refused when no import takes it. */
async function importableFiles(
  collected: Collected,
  done: Done,
  ignored: IgnoredFile[],
): Promise<Inspected[]> {
  for (const m of collected.missing) {
    done({ ...emptyReport(m.split(/[\\/]/).pop() ?? m, m), detail: "no such file or folder." });
  }
  for (const d of collected.subfolders) {
    ignored.push({ file: d, reason: "a folder inside a folder is not entered" });
  }
  const importable: Inspected[] = [];
  for (const c of collected.files) {
    const item = await identify(c);
    if (item.skip) {
      const reason = item.skip === NOT_AMAZON ? NOT_AMAZON : item.skip;
      if (c.explicit) done({ ...reportOf(item), status: "skipped", ok: false, detail: reason });
      else ignored.push({ file: c.path, reason });
    } else if (!item.bytes) done(refusedHere(item));
    else importable.push(item);
  }
  return importable;
}

/** Parse here, then send: uploads overlap the parsing of the next files. Files the server holds are skipped. */
async function checkAndSend(
  importable: Inspected[],
  held: Set<string>,
  opts: z.infer<typeof optionsSchema>,
  dryRun: boolean,
  done: Done,
): Promise<void> {
  const schedule = scheduler(UPLOADS_AT_ONCE);
  const uploads: Promise<void>[] = [];
  // The longest jobs first (scorecard PDFs, then the weekly CSVs) shortens the whole run; a stable sort
  // keeps a slot's files (an original and its republished copy) in the order given.
  const weight = (i: Inspected) => (i.kind === "scorecard-pdf" ? 0 : i.kind === "overview-csv" ? 1 : 2);
  for (const id of [...importable].sort((a, b) => weight(a) - weight(b))) {
    if (held.has(id.sha256!)) {
      done({ ...reportOf(id), rows: null, status: "skipped", ok: true, detail: ALREADY_IMPORTED });
      continue;
    }
    const item = await validate(id, opts);
    if (item.skip) done({ ...reportOf(item), status: "skipped", ok: true, detail: item.skip });
    else if (!item.ok) done(refusedHere(item));
    else if (dryRun) done({ ...reportOf(item), status: "valid", ok: true });
    else {
      const key = `${KIND_SLOT[item.kind!]}|${item.station}|${item.week}`;
      uploads.push(schedule(key, () => upload(item)).then(done));
    }
  }
  await Promise.all(uploads);
}

/** The whole command; `onFile` sees each file's final line as soon as it is known (progress). */
export async function runImport(
  paths: string[],
  raw: ImportOptions,
  onFile: (f: FileReport) => void = () => {},
): Promise<ImportReport> {
  const opts = optionsSchema.parse({ page: raw.page, station: raw.station });
  const started = performance.now();
  const dryRun = !!raw.dryRun;
  const server = dryRun ? null : (await requireCredentials()).server; // not logged in: said before any work

  const files: FileReport[] = [];
  const ignored: IgnoredFile[] = [];
  const done = (f: FileReport) => {
    files.push(f);
    onFile(f);
  };
  const collected = await collectFiles(paths);
  const importable = await importableFiles(collected, done, ignored);
  // The server's word on which of them it holds already (nothing to parse or send for those).
  let held = new Set<string>();
  if (!dryRun && importable.length) held = await importedAlready(importable.map((i) => i.sha256!));
  await checkAndSend(importable, held, opts, dryRun, done);

  // In the order given, not the order finished.
  const order = new Map(collected.files.map((c, i) => [c.path, i]));
  const rank = (f: FileReport) => order.get(f.file) ?? -1;
  files.sort((a, b) => rank(a) - rank(b));
  const report = buildReport(files, ignored, { dryRun, server, ms: performance.now() - started });
  if (opts.station && !files.some((f) => f.station?.toUpperCase() === opts.station)) report.ok = false;
  return report;
}

/** The failure sentence for a run that did not import everything (null when it did). */
export function failureOf(r: ImportReport, paths: string[], station?: string): string | null {
  if (r.ok) return null;
  if (!r.files.length) return `No Amazon weekly files in ${paths.join(", ")}.`;
  const bad = r.files.filter((f) => !f.ok);
  if (!bad.length && station) return `No file is for station ${station.toUpperCase()}.`;
  const names = bad.map((f) => f.name).join(", ");
  const verb = r.dry_run ? "would not be imported" : "were not imported";
  return `${bad.length} of ${r.files.length} files ${verb}: ${names}.`;
}

export function registerImport(program: Command): void {
  program.command("import")
    .description("Import Amazon weekly files (scorecard PDF, overview/DNR/quality CSV, reliability, WHC)")
    .argument(
      "<paths...>",
      "files, or folders whose files are all imported (hidden files and subfolders are not)",
    )
    .option("--dry-run", "check the files here and say what each one is; send nothing")
    .option("--station <TAG>", "import only the files for this station")
    .option("--page <N>", "the page where a scorecard PDF's DA table starts (found by itself otherwise)")
    .addHelpText(
      "after",
      `
Each file is recognised by its name and content and checked here with the server's parsers; files the
server already holds are skipped, the rest are uploaded (3 at a time). Files in a folder that are not
Amazon weekly files are left alone; a file named on the command line that is not one fails.
Exit code 0 only when every file was imported (or already was).`,
    )
    .action(async (paths: string[], opts: ImportOptions) => {
      const json = isJsonMode();
      const report = await runImport(paths, opts, (f) => {
        if (!json) { for (const line of fileLine(f)) console.log(line); }
      });
      result(report, () => closingLines(report));
      const failure = failureOf(report, paths, opts.station);
      if (failure) throw new CliError(failure);
    });
}
