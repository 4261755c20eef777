// The build step after `astro build`: every text asset of dist/client gets a .br (brotli 11) and a .gz
// (gzip 9) beside it, made once here at the strongest settings, so the server sends static files
// compressed without spending a cycle per request (lib/web/static.ts serves them).
//
//   deno run -A lib/web/precompress.ts [dist/client]     (deno task build runs it)
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import process from "node:process";
import zlib from "node:zlib";

/** Extensions worth compressing (images other than SVG and fonts are compressed already). */
export const PRECOMPRESSED = /\.(js|mjs|css|svg|html|json|txt|xml|webmanifest)$/i;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes name.br and name.gz for each text file of `dir` over 1 KB where they come out smaller. */
export function precompressDir(dir: string): { files: number; raw: number; br: number; gz: number } {
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const path of files(dir)) {
    if (!PRECOMPRESSED.test(path) || statSync(path).size < MIN_BYTES) continue;
    const raw = readFileSync(path);
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    if (br.byteLength < raw.byteLength) writeFileSync(`${path}.br`, br);
    if (gz.byteLength < raw.byteLength) writeFileSync(`${path}.gz`, gz);
    total.files++;
    total.raw += raw.byteLength;
    total.br += Math.min(br.byteLength, raw.byteLength);
    total.gz += Math.min(gz.byteLength, raw.byteLength);
  }
  return total;
}

/** dist/client of the build that `deno task build` made (DIST_DIR as astro.config.ts reads it). */
export const clientDir = () => resolve(process.cwd(), process.env.DIST_DIR || "dist", "client");

if (import.meta.main) {
  const dir = process.argv[2] ?? clientDir();
  const t = performance.now();
  const r = precompressDir(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `precompressed ${r.files} files of ${dir}: ${kb(r.raw)} -> brotli ${kb(r.br)}, gzip ${kb(r.gz)} in ${
      Math.round(performance.now() - t)
    } ms`,
  );
}
