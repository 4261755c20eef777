import process from "node:process";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = typeof LOG_LEVELS[number];

/** Every environment variable the product reads, in one place (the README lists the same). */
export const config = {
  get databaseUrl(): string | undefined {
    return process.env.DATABASE_URL || undefined;
  },
  get dataDir(): string {
    return process.env.DATA_DIR || "./data";
  },
  get host(): string {
    return process.env.HOST || "127.0.0.1";
  },
  get port(): number {
    return Number(process.env.PORT || 8000);
  },
  /** Demo data loads only on an empty embedded database and never when DEMO=false. */
  get demo(): boolean {
    return process.env.DEMO !== "false";
  },
  get secretKey(): string | undefined {
    return process.env.SECRET_KEY || undefined;
  },
  /** The base of links in e-mails; required off loopback (see publicUrlProblem). */
  get publicUrl(): string | undefined {
    return process.env.PUBLIC_URL || undefined;
  },
  /** Proxy addresses or CIDRs whose X-Forwarded-For / X-Forwarded-Proto are believed. */
  get trustedProxies(): string[] {
    return (process.env.TRUSTED_PROXIES || "").split(",").map((s) => s.trim()).filter(Boolean);
  },
  get smtpUrl(): string | undefined {
    return process.env.SMTP_URL || undefined;
  },
  get mailFrom(): string {
    return process.env.MAIL_FROM || "DSP Back Office <no-reply@localhost>";
  },
  get accessTokenSeconds(): number {
    return Number(process.env.ACCESS_TOKEN_SECONDS || 300);
  },
  get sessionDays(): number {
    return Number(process.env.SESSION_DAYS || 14);
  },
  /** The country phone numbers typed without + are read in, until the org setting names one (ISO alpha-2). */
  get defaultPhoneCountry(): string | undefined {
    return process.env.DEFAULT_PHONE_COUNTRY || undefined;
  },
  get uploadLimitBytes(): number {
    return Number(process.env.UPLOAD_LIMIT_MB || 20) * 1024 * 1024;
  },
  /** Parse worker processes for uploads (0: parse in the server process; lib/parse-pool). */
  get parseWorkers(): number {
    const n = Number(process.env.PARSE_WORKERS ?? 1);
    return Number.isInteger(n) && n >= 0 ? Math.min(n, 8) : 1;
  },
  /** How long one uploaded file may take to read before it is refused. */
  get parseTimeBudgetMs(): number {
    return (Number(process.env.PARSE_TIME_BUDGET_S) || 20) * 1000;
  },
  /** How much memory (MB) reading one uploaded file may take before it is refused. */
  get parseMemoryBudgetMb(): number {
    return Number(process.env.PARSE_MEMORY_MB) || 512;
  },
  /** PostgreSQL's buffer pool inside PGlite: what an embedded start spends most of its time setting up. */
  get pgliteSharedBuffers(): string {
    const v = process.env.PGLITE_SHARED_BUFFERS || "32MB";
    return /^\d+(kB|MB|GB)$/.test(v) ? v : "32MB";
  },
  /** SERVER_TIMING=1: responses carry a Server-Timing header (where a request's time went; benchmarks). */
  get serverTiming(): boolean {
    return process.env.SERVER_TIMING === "1";
  },
  /** GET /api/metrics answers only a request carrying `Authorization: Bearer <this>`; unset, it is off. */
  get metricsToken(): string | undefined {
    return process.env.METRICS_TOKEN || undefined;
  },
  /** GET /api/ready says "unavailable" once this many outgoing messages wait to be sent. */
  get readyOutboxBacklog(): number {
    const n = Number(process.env.READY_OUTBOX_BACKLOG);
    return Number.isInteger(n) && n > 0 ? n : 500;
  },
  /** The least severe log lines written; an unknown value counts as the default. */
  get logLevel(): LogLevel {
    const level = (process.env.LOG_LEVEL || "").toLowerCase();
    return (LOG_LEVELS as readonly string[]).includes(level) ? level as LogLevel : "info";
  },
};

const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);
export const isLoopbackHost = (host: string) => LOOPBACK.has(host.toLowerCase()) || host.startsWith("127.");

/**
 * Why the server must not start, or null. Off loopback the request's Host header is the visitor's to
 * choose, so reset links need a configured base (issue 9: link poisoning).
 */
export function publicUrlProblem(host = config.host, publicUrl = config.publicUrl): string | null {
  if (publicUrl) {
    let url: URL | null = null;
    try {
      url = new URL(publicUrl);
    } catch { /* reported below */ }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      return `PUBLIC_URL must be an http(s) URL such as https://backoffice.example.com (got "${publicUrl}").`;
    }
    return null;
  }
  if (isLoopbackHost(host)) return null;
  return `PUBLIC_URL is required when HOST is not a loopback address (HOST=${host}): set it to the address ` +
    "users open, e.g. PUBLIC_URL=https://backoffice.example.com, so that e-mailed links point there.";
}
