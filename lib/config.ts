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
  get publicUrl(): string | undefined {
    return process.env.PUBLIC_URL || undefined;
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
  get uploadLimitBytes(): number {
    return Number(process.env.UPLOAD_LIMIT_MB || 20) * 1024 * 1024;
  },
  /** The least severe log lines written; an unknown value counts as the default. */
  get logLevel(): LogLevel {
    const level = (process.env.LOG_LEVEL || "").toLowerCase();
    return (LOG_LEVELS as readonly string[]).includes(level) ? level as LogLevel : "info";
  },
};
