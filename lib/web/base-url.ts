import { config } from "../config.ts";

/**
 * The base of links in e-mails: PUBLIC_URL, else (only allowed on loopback) this server's configured
 * address. Never the request's Host header, which the sender chooses.
 */
export function publicBaseUrl(): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, "");
  const host = config.host.includes(":") && !config.host.startsWith("[") ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** Whether the configured public address is https (then cookies are Secure and HSTS is sent). */
export const publicUrlIsHttps = () => config.publicUrl?.toLowerCase().startsWith("https:") ?? false;
