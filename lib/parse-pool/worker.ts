// A parse worker (started by pool.ts as `deno run lib/parse-pool/worker.ts`, from the source tree): reads
// one request frame at a time from stdin, runs the named job in-process and writes the answer to stdout.
// It loads every parser up front and says `ready`, so a file never waits for pdf.js or ExcelJS to load.
// It ends when its stdin closes (the server went away).
import process from "node:process";
import { parseUploadHere } from "../imports/parse.ts";
import { readSheetRowsHere } from "../sheets/workbook.ts";
import { readCsvHere } from "../sheets/csv.ts";
import { warmUpPdf } from "../amazon/pdf-text.ts";
import type { ImportDialog } from "../imports/dto.ts";
import {
  decodeJson,
  encodeJson,
  frame,
  FrameDecoder,
  fromUtf8,
  type Reply,
  utf8,
  wireError,
} from "./protocol.ts";

type Job = (payload: Record<string, unknown>, bytes: Uint8Array) => Promise<unknown>;

const JOBS: Record<string, Job> = {
  amazon: (p, bytes) =>
    parseUploadHere({
      dialog: p.dialog as ImportDialog,
      fileName: String(p.fileName),
      startPage: typeof p.startPage === "number" ? p.startPage : undefined,
      bytes,
    }),
  "sheet-rows": (p, bytes) => readSheetRowsHere(bytes, String(p.fileName)),
  csv: async (_p, bytes) => readCsvHere(bytes),
};

// stdout carries the frames: anything a library logs goes to stderr instead.
console.log =
  console.info =
  console.warn =
  console.debug =
    console.error;

function send(message: unknown): void {
  process.stdout.write(frame([utf8.encode(encodeJson(message))]));
}

async function handle(head: Uint8Array, bytes: Uint8Array): Promise<void> {
  let reply: Reply;
  try {
    const { job, payload } = decodeJson(fromUtf8.decode(head)) as {
      job: string;
      payload: Record<string, unknown>;
    };
    const run = JOBS[job];
    if (!run) throw new Error(`unknown parse job ${job}`);
    reply = { ok: true, result: await run(payload ?? {}, bytes) };
  } catch (e) {
    reply = { ok: false, error: wireError(e) };
  }
  send(reply);
}

await warmUpPdf();
const decoder = new FrameDecoder();
let chain = Promise.resolve();
process.stdin.on("data", (chunk: Uint8Array) => {
  for (const [head, bytes] of decoder.push(new Uint8Array(chunk))) {
    // A copy: the job may keep or transfer the bytes; the frame's buffer is reused by nobody else anyway.
    chain = chain.then(() => handle(head, bytes.slice()));
  }
});
process.stdin.on("end", () => process.exit(0));
send({ ready: true });
