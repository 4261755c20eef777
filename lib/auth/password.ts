import { argon2id, argon2Verify } from "hash-wasm";

// OWASP's argon2id floor (19 MiB, 2 passes); WASM, so it runs the same under Deno and in the bundle.
const PARAMS = { iterations: 2, memorySize: 19456, parallelism: 1, hashLength: 32 } as const;

export async function hashPassword(plain: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return await argon2id({ password: plain, salt, ...PARAMS, outputType: "encoded" });
}

export async function verifyPassword(plain: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2Verify({ password: plain, hash });
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows, verified against unknown e-mails so timing does not reveal accounts. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomUUID());
  return decoy;
}
