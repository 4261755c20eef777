import { config } from "../config.ts";

/** Links in e-mails use PUBLIC_URL when set (behind a proxy), else the address the request came to. */
export function publicBaseUrl(url: URL): string {
  return config.publicUrl ?? url.origin;
}
