export const HSTS = "max-age=31536000; includeSubDomains";

/** Headers every response carries; HSTS only on https (a browser ignores it over plain http anyway). */
export function applySecurityHeaders(headers: Headers, isApi: boolean, https = false): void {
  if (https) headers.set("Strict-Transport-Security", HSTS);
  // Astro puts its hashed script/style policy on rendered pages; ours adds what a header alone can say.
  const astro = headers.get("Content-Security-Policy");
  const extra = "frame-ancestors 'none'";
  headers.set(
    "Content-Security-Policy",
    astro
      ? `${astro.replace(/[;\s]+$/, "")}; ${extra}`
      : isApi
      ? `default-src 'none'; ${extra}`
      : `default-src 'self'; object-src 'none'; ${extra}`,
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}
