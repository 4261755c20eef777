import { BlockList, isIPv4, isIPv6 } from "node:net";
import { config } from "../config.ts";

// "::ffff:10.0.0.1" is how a dual-stack socket reports an IPv4 peer.
const plain = (ip: string) => ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

function trustedList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, bits] = entry.split("/");
    const type = isIPv4(addr) ? "ipv4" : isIPv6(addr) ? "ipv6" : null;
    if (!type) continue;
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
}

/** Whether the direct peer is one of TRUSTED_PROXIES (then its X-Forwarded-* headers count). */
export function isTrustedProxy(peer: string, entries = config.trustedProxies): boolean {
  const ip = plain(peer);
  const type = isIPv4(ip) ? "ipv4" : isIPv6(ip) ? "ipv6" : null;
  return type !== null && entries.length > 0 && trustedList(entries).check(ip, type);
}

/**
 * The client's address: the peer, or behind a trusted proxy the right-most X-Forwarded-For entry that is
 * not itself a trusted proxy (entries further left are whatever the client chose to send).
 */
export function clientAddress(peer: string, headers: Headers, entries = config.trustedProxies): string {
  if (!isTrustedProxy(peer, entries)) return plain(peer);
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map(plain).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrustedProxy(hops[i], entries)) return hops[i];
  }
  return hops[0] ?? plain(peer);
}

/** A trusted proxy that terminated TLS says so in X-Forwarded-Proto (its first value is the client's leg). */
export function forwardedHttps(peer: string, headers: Headers): boolean {
  const proto = headers.get("x-forwarded-proto")?.split(",")[0].trim().toLowerCase();
  return proto === "https" && isTrustedProxy(peer);
}
