// Twilio signs each webhook request: X-Twilio-Signature = base64(HMAC-SHA1(auth token, URL + the POST
// parameters sorted by name, each name followed by its value)). The URL is the one Twilio was given, so
// the server builds it from PUBLIC_URL, never from the Host header a sender chooses.

/** The string Twilio signs: the full URL, then every parameter's name and value, sorted by name. */
export function signedPayload(url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort((
    [a, av],
    [b, bv],
  ) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return url + sorted.map(([k, v]) => k + v).join("");
}

async function hmacKey(authToken: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(authToken),
    { name: "HMAC", hash: "SHA-1" },
    false,
    [usage],
  );
}

/** The signature Twilio sends for this request (tests and the simulated phone sign with it). */
export async function twilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(authToken, "sign"),
    new TextEncoder().encode(signedPayload(url, params)),
  );
  return btoa(String.fromCharCode(...new Uint8Array(mac)));
}

function base64Bytes(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Whether `signature` is Twilio's for this request. WebCrypto's HMAC verify compares in constant time,
 * so a forger learns nothing from how long a wrong guess took.
 */
export async function verifyTwilioSignature(
  authToken: string,
  signature: string | null,
  url: string,
  params: Iterable<[string, string]>,
): Promise<boolean> {
  if (!authToken || !signature) return false;
  const mac = base64Bytes(signature);
  if (!mac || mac.length !== 20) return false;
  return await crypto.subtle.verify(
    "HMAC",
    await hmacKey(authToken, "verify"),
    mac as BufferSource,
    new TextEncoder().encode(signedPayload(url, params)),
  );
}
