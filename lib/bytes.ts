// Byte arrays joined end to end: the upload bounds, the parse workers' frames and the bad-file fixtures
// all build binary data from pieces.
export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
