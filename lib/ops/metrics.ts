// Prometheus metrics kept in this process (issue 16, point 2): request latency by route pattern, import
// durations by kind, outbox sends that failed. Figures read from the database at scrape time (outbox backlog,
// pool use) are added by lib/ops/figures.ts. The registry lives on globalThis: the server's entry (which times
// requests) and the Astro bundle (which serves /api/metrics and runs imports) each load their own copy of
// this module, and both must write to one.

/** Seconds; request latency and import durations share them (imports reach the upper buckets). */
export const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface Series {
  labels: Record<string, string>;
  /** Histogram: per bucket counts (cumulative when rendered), sum, count. Counter: value in `sum`. */
  buckets: number[];
  sum: number;
  count: number;
}

interface Family {
  name: string;
  help: string;
  type: "histogram" | "counter";
  series: Map<string, Series>;
}

const KEY = Symbol.for("dsp.metrics");
const families: Map<string, Family> =
  ((globalThis as Record<symbol, Map<string, Family>>)[KEY] ??= new Map());

function family(name: string, help: string, type: Family["type"]): Family {
  let f = families.get(name);
  if (!f) families.set(name, f = { name, help, type, series: new Map() });
  return f;
}

function seriesOf(f: Family, labels: Record<string, string>): Series {
  const key = JSON.stringify(Object.entries(labels).sort());
  let s = f.series.get(key);
  if (!s) f.series.set(key, s = { labels, buckets: BUCKETS.map(() => 0), sum: 0, count: 0 });
  return s;
}

/** Adds one observation (in seconds) to a histogram. */
export function observe(name: string, help: string, labels: Record<string, string>, seconds: number): void {
  const s = seriesOf(family(name, help, "histogram"), labels);
  s.count++;
  s.sum += seconds;
  const i = BUCKETS.findIndex((b) => seconds <= b);
  if (i >= 0) s.buckets[i]++;
}

/** Adds to a counter. */
export function count(name: string, help: string, labels: Record<string, string>, by = 1): void {
  seriesOf(family(name, help, "counter"), labels).sum += by;
}

/** A request answered: its route pattern (Astro's, `/api/van/[id]`), method and status class. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  observe(
    "dsp_http_request_duration_seconds",
    "Time from a request's arrival to its response's end, by route pattern",
    { route, method, status: `${Math.floor(status / 100)}xx` },
    seconds,
  );
}

/** An Amazon file stored (or refused after parsing): how long it took, by kind. */
export function observeImport(kind: string, outcome: string, seconds: number): void {
  observe(
    "dsp_import_duration_seconds",
    "Time to parse and store one imported file, by kind",
    { kind, outcome },
    seconds,
  );
}

export function countOutboxFailure(channel: string): void {
  count("dsp_outbox_send_failures_total", "Sends the provider refused or that failed, by channel", {
    channel,
  });
}

const escape = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const labelText = (labels: Record<string, string>, extra: [string, string][] = []) => {
  const all = [...Object.entries(labels), ...extra];
  return all.length ? `{${all.map(([k, v]) => `${k}="${escape(v)}"`).join(",")}}` : "";
};

/** A gauge read at scrape time. */
export interface Gauge {
  name: string;
  help: string;
  values: { labels?: Record<string, string>; value: number }[];
}

/** The text exposition format (version 0.0.4) of every family, and the gauges given. */
export function renderMetrics(gauges: readonly Gauge[] = []): string {
  const out: string[] = [];
  for (const f of [...families.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    out.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.type}`);
    for (const s of f.series.values()) {
      if (f.type === "counter") {
        out.push(`${f.name}${labelText(s.labels)} ${s.sum}`);
        continue;
      }
      let cumulative = 0;
      BUCKETS.forEach((b, i) => {
        cumulative += s.buckets[i];
        out.push(`${f.name}_bucket${labelText(s.labels, [["le", String(b)]])} ${cumulative}`);
      });
      out.push(`${f.name}_bucket${labelText(s.labels, [["le", "+Inf"]])} ${s.count}`);
      out.push(
        `${f.name}_sum${labelText(s.labels)} ${s.sum}`,
        `${f.name}_count${labelText(s.labels)} ${s.count}`,
      );
    }
  }
  for (const g of gauges) {
    out.push(`# HELP ${g.name} ${g.help}`, `# TYPE ${g.name} gauge`);
    for (const v of g.values) out.push(`${g.name}${labelText(v.labels ?? {})} ${v.value}`);
  }
  return out.join("\n") + "\n";
}

/** Forgets every series (tests). */
export function resetMetrics(): void {
  families.clear();
}
