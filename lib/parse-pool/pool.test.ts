// The parse pool with real worker processes: a file over the time budget is refused and its worker
// replaced, one over the memory budget likewise, and the next good file still parses; a worker's
// DomainError comes back as this process's own.
import assert from "node:assert/strict";
import { DomainError } from "../errors.ts";
import { installedPool, installParsePool, releaseParsePool } from "./pool.ts";
import { PARSE } from "./errors.ts";
import { readCsvOffThread } from "../sheets/csv.ts";
import { firstSheetRows } from "../sheets/workbook.ts";
import { UPLOAD } from "../uploads/errors.ts";
import { lyingZipXlsx } from "../../tests/fixtures/bad-files.ts";
import { decodeJson, encodeJson, frame, FrameDecoder } from "./protocol.ts";

const enc = new TextEncoder();
/** A valid CSV of `lines` lines: csv-parse needs seconds and hundreds of MB for it. */
const bigCsv = (lines: number) =>
  enc.encode("a,b,c,d\n" + "1234,hello world,5678,another cell\n".repeat(lines));
const small = enc.encode("a,b\n1,2\n");
const smallRead = { ok: true, records: [["a", "b"], ["1", "2"]] };

Deno.test("protocol: frames split anywhere come back whole; Dates survive", () => {
  const f = frame([enc.encode("head"), new Uint8Array([1, 2, 3])]);
  const d = new FrameDecoder();
  assert.deepEqual(d.push(f.subarray(0, 3)), []);
  const [[head, bytes]] = d.push(f.subarray(3));
  assert.equal(new TextDecoder().decode(head), "head");
  assert.deepEqual([...bytes], [1, 2, 3]);
  const when = new Date("2026-05-18T10:20:00Z");
  assert.deepEqual(decodeJson(encodeJson({ rows: [[when, "x", null]] })), { rows: [[when, "x", null]] });
});

Deno.test({
  name: "over the time budget: refused with parse.too_slow, the worker replaced, the next file parses",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    // One second: the big file needs several, and a two-line file read by the fresh worker afterwards has
    // room even on a machine busy with the rest of the suite (0.4 s was once not enough there).
    installParsePool({ workers: 1, timeBudgetMs: 1000, memoryBudgetMb: 1024 });
    const pool = installedPool()!;
    try {
      await pool.whenReady();
      assert.equal(pool.started, 1);
      await assert.rejects(readCsvOffThread(bigCsv(1_000_000)), (e) => {
        assert.ok(e instanceof DomainError);
        assert.equal(e.code, PARSE.tooSlow);
        assert.equal(e.message.split(",")[0], "The file took longer than 1 s to read");
        return true;
      });
      assert.equal(pool.started, 2, "a fresh worker replaces the one that was killed");
      assert.deepEqual(await readCsvOffThread(small), smallRead);
    } finally {
      releaseParsePool();
    }
    assert.equal(installedPool(), null);
  },
});

Deno.test({
  name: "over the memory budget: parse.too_big, the worker replaced; a worker's refusal keeps its code",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    installParsePool({ workers: 1, timeBudgetMs: 60_000, memoryBudgetMb: 64 });
    const pool = installedPool()!;
    try {
      await pool.whenReady();
      await assert.rejects(readCsvOffThread(bigCsv(600_000)), (e) => {
        assert.ok(e instanceof DomainError);
        assert.equal(e.code, PARSE.tooBig);
        assert.equal(e.message.split(",")[0], "The file needs more than 64 MB to read");
        return true;
      });
      assert.deepEqual(await readCsvOffThread(small), smallRead);
      assert.equal(pool.started, 2);
      // A refusal inside the worker is a DomainError here, with its code and field.
      await assert.rejects(
        firstSheetRows(await lyingZipXlsx(), "roster.xlsx", (why) => new Error(why)),
        (e) => {
          assert.ok(e instanceof DomainError);
          assert.equal(e.code, UPLOAD.zipBomb);
          assert.match(e.fields.file[0], /^roster\.xlsx: refused as a zip bomb/);
          return true;
        },
      );
    } finally {
      releaseParsePool();
    }
  },
});
