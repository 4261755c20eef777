// Amazon imports on both engines: every dialog stores its rows; the same file twice writes nothing; a
// republished file replaces the older one; refused files write nothing; re-run and remove; two identical
// uploads at once end as one import.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import { importTableCounts } from "../helpers/imports.ts";
import { rowsOf } from "../../lib/db/rows.ts";
import type { Queryable } from "../../lib/db/client.ts";
import { users } from "../../lib/org/schema.ts";
import { loadViewer, type Viewer } from "../../lib/users/current-user.ts";
import { importFile } from "../../lib/imports/store.ts";
import { getImport, importedHashes, listImports } from "../../lib/imports/queries.ts";
import { createDaFromUnmatched, mapToDa, removeImport, rerunImport } from "../../lib/imports/mutations.ts";
import { transporterAliases } from "../../lib/imports/schema.ts";
import { DomainError } from "../../lib/errors.ts";
import { domainErrorBody, statusOf } from "../../lib/web/endpoint.ts";
import { IMPORT } from "../../lib/imports/errors.ts";
import { makeDas } from "../../lib/dev/amazon/mutate.ts";
import { makeScorecardPdf } from "../../lib/dev/amazon/scorecard-pdf.ts";
import { makeOverview } from "../../lib/dev/amazon/overview.ts";
import { makeDnr } from "../../lib/dev/amazon/dnr.ts";
import { concessionRows, makeConcessions } from "../../lib/dev/amazon/concessions.ts";
import { makeDcr, makePod, makePsb } from "../../lib/dev/amazon/quality.ts";
import { makeReliabilityXlsx } from "../../lib/dev/amazon/reliability-xlsx.ts";
import { makeReliabilityPdf } from "../../lib/dev/amazon/reliability-pdf.ts";
import { makeWhc } from "../../lib/dev/amazon/whc.ts";

async function viewerOf(db: Queryable, email: string): Promise<Viewer> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return (await loadViewer(db, u.id, null))!;
}

const totals = (db: Queryable) => importTableCounts(db, ["users"]);

async function count(db: Queryable, q: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${q}) q`))[0].n);
}

/** The DomainError a call throws, with the status and body the API answers it with. */
async function refusalOf(
  p: Promise<unknown>,
): Promise<{ code: string; status: number; body: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, status: statusOf(e.kind), body: domainErrorBody(e) };
    throw e;
  }
  throw new Error("expected a refusal");
}

const at = { station: "DON9", year: 2026, seed: 5 };

/** The demo seeds imports of its latest weeks: the tests start from none, so counts are exact. */
async function withoutDemoImports(db: Queryable): Promise<void> {
  await db.execute(sql`delete from amazon_imports`);
  await db.execute(sql`delete from uploads where kind like 'amazon-%'`);
  await db.execute(sql`delete from transporter_aliases`);
}

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: every dialog stores its rows; same file unchanged; republished replaced; re-run, remove`, async () => {
    const h = await engine.open({ demo: true });
    try {
      const db = h.db;
      await withoutDemoImports(db);
      const owner = await viewerOf(db, "owner@example.com");
      const das = makeDas(40, 11);

      const sc = makeScorecardPdf({ ...at, week: 21, das, variant: "later", whcExceptions: 3 });
      const pdf = await importFile(db, owner, {
        dialog: "pdf",
        fileName: sc.fileName,
        bytes: sc.bytes,
        startPage: sc.startPage!,
      });
      assert.equal(pdf.status, "imported");
      assert.deepEqual(
        [pdf.import.kind, pdf.import.family, pdf.import.week, pdf.import.station.tag],
        ["scorecard-pdf", "pdf", "2026-W21", "DON9"],
      );
      assert.equal(pdf.import.counts.da_weekly_performance, 40);
      assert.equal(pdf.import.counts.whc_exceptions, 3);
      assert.equal(pdf.import.counts.dsp_weekly_scorecards, 1);
      assert.equal(pdf.import.rows, 44);
      assert.equal(pdf.import.options.start_page, sc.startPage);
      const [card] = rowsOf<{ overall_score: string; generation: string }>(
        await db.execute(
          sql`select overall_score, generation from dsp_weekly_scorecards where import_id = ${pdf.import.id}`,
        ),
      );
      assert.deepEqual([Number(card.overall_score), card.generation], [sc.expected.overallScore, "per-da"]);
      assert.equal(
        await count(
          db,
          sql`select 1 from da_weekly_performance where import_id = ${pdf.import.id} and source = 'scorecard'`,
        ),
        40,
      );

      const dspLevel = makeScorecardPdf({ ...at, week: 22, das, variant: "dsp-level" });
      const lvl = await importFile(db, owner, {
        dialog: "pdf",
        fileName: dspLevel.fileName,
        bytes: dspLevel.bytes,
      });
      assert.deepEqual([lvl.import.counts.dsp_weekly_scorecards, lvl.import.counts.da_weekly_performance], [
        1,
        undefined,
      ]);

      const ov = makeOverview({ ...at, week: 21, das });
      const csv = await importFile(db, owner, { dialog: "csv", fileName: ov.fileName, bytes: ov.bytes });
      assert.deepEqual([csv.status, csv.import.counts.da_weekly_performance, csv.import.family], [
        "imported",
        40,
        "csv",
      ]);
      assert.equal(csv.import.unmatched, 40, "none of the generated ids is in the register");

      const dnr = await importFile(db, owner, { dialog: "dnr", ...makeDnr({ ...at, week: 21, das }) });
      assert.equal(dnr.import.counts.da_weekly_dsb, 40);
      const concOpts = { ...at, week: 21, das };
      const conc = await importFile(db, owner, { dialog: "dnr", ...makeConcessions(concOpts) });
      assert.deepEqual([conc.import.slot, conc.import.counts.delivery_concessions], [
        "concessions",
        concessionRows(concOpts).length,
      ]);
      for (const [make, metric] of [[makeDcr, "dcr"], [makePod, "pod"], [makePsb, "psb"]] as const) {
        const q = await importFile(db, owner, { dialog: "quality", ...make({ ...at, week: 21, das }) });
        assert.deepEqual([q.import.slot, q.import.counts.da_weekly_quality], [metric, 40]);
        assert.equal(
          await count(
            db,
            sql`select 1 from da_weekly_quality where import_id = ${q.import.id} and metric = ${metric}`,
          ),
          40,
        );
      }

      const relX = await importFile(db, owner, {
        dialog: "reliability",
        ...await makeReliabilityXlsx({ ...at, week: 21 }),
      });
      assert.deepEqual([relX.status, relX.import.counts.capacity_reliability_days, relX.import.family], [
        "imported",
        7,
        "csv",
      ]);
      const relPdf = makeReliabilityPdf({ ...at, week: 21 });
      const relP = await importFile(db, owner, {
        dialog: "reliability",
        fileName: relPdf.fileName,
        bytes: relPdf.bytes,
      });
      assert.deepEqual([relP.status, relP.replaced_id, relP.import.family], [
        "replaced",
        relX.import.id,
        "pdf",
      ]);
      assert.equal(await count(db, sql`select 1 from capacity_reliability_days where station_id = 1`), 7);

      const whc = await importFile(db, owner, {
        dialog: "whc",
        ...await makeWhc({ ...at, week: 21, das, weeks: 3 }),
      });
      assert.equal(whc.import.week, "2026-W21");
      const weeks = rowsOf<{ week: string }>(
        await db.execute(
          sql`select distinct week from whc_exceptions where import_id = ${whc.import.id} order by week`,
        ),
      ).map((r) => r.week);
      assert.deepEqual(weeks, ["2026-W19", "2026-W20", "2026-W21"]);

      // The same file again: nothing written, the existing import answered.
      const before = await totals(db);
      const again = await importFile(db, owner, { dialog: "csv", fileName: ov.fileName, bytes: ov.bytes });
      assert.deepEqual([again.status, again.import.id], ["unchanged", csv.import.id]);
      assert.deepEqual(await totals(db), before);
      assert.deepEqual(await importedHashes(db, owner, [csv.import.sha256, "0".repeat(64)]), [
        csv.import.sha256,
      ]);

      // A republished file replaces the older one: its rows go, the history keeps both.
      const ov2 = makeOverview({ ...at, week: 21, das, seed: 6, republished: true });
      const rep = await importFile(db, owner, { dialog: "csv", fileName: ov2.fileName, bytes: ov2.bytes });
      assert.deepEqual([rep.status, rep.replaced_id], ["replaced", csv.import.id]);
      assert.equal(
        await count(db, sql`select 1 from da_weekly_performance where import_id = ${csv.import.id}`),
        0,
      );
      const history = await listImports(db, owner, { family: "csv", page: 1, page_size: 100 });
      const old = history.results.find((r) => r.id === csv.import.id)!;
      assert.deepEqual([old.status, old.rows], ["replaced", 0]);
      assert.equal(history.results[0].id, rep.import.id, "newest first");
      assert.equal((await getImport(db, owner, csv.import.id)).replaced_by, rep.import.id);
      assert.ok(history.results.every((r) => r.family === "csv"));

      // Re-running the replaced import makes it the active one again.
      const rerun = await rerunImport(db, owner, csv.import.id);
      assert.deepEqual([rerun.status, rerun.replaced_id, rerun.import.status, rerun.import.rows], [
        "replaced",
        rep.import.id,
        "imported",
        40,
      ]);
      assert.equal(
        await count(db, sql`select 1 from da_weekly_performance where import_id = ${rep.import.id}`),
        0,
      );
      // Re-running the active scorecard changes nothing but the rows' ids.
      const pdfRows = await count(
        db,
        sql`select 1 from da_weekly_performance where import_id = ${pdf.import.id}`,
      );
      const again2 = await rerunImport(db, owner, pdf.import.id);
      assert.deepEqual([again2.status, again2.import.rows], ["imported", 44]);
      assert.equal(
        await count(db, sql`select 1 from da_weekly_performance where import_id = ${pdf.import.id}`),
        pdfRows,
      );

      // Remove takes its rows and its kept file with it.
      const beforeRemove = await totals(db);
      await removeImport(db, owner, rerun.import.id);
      const afterRemove = await totals(db);
      assert.deepEqual(
        [afterRemove.amazon_imports, afterRemove.uploads, afterRemove.da_weekly_performance],
        [beforeRemove.amazon_imports - 1, beforeRemove.uploads - 1, beforeRemove.da_weekly_performance - 40],
      );
      assert.equal((await refusalOf(getImport(db, owner, rerun.import.id))).status, 404);
    } finally {
      await h.close();
    }
  });

  Deno.test(`${engine.name}: refused files and viewers write nothing`, async () => {
    const h = await engine.open({ demo: true });
    try {
      const db = h.db;
      await withoutDemoImports(db);
      const owner = await viewerOf(db, "owner@example.com");
      const supervisor = await viewerOf(db, "supervisor@example.com");
      const dispatcher = await viewerOf(db, "dispatcher@example.com");
      const das = makeDas(12, 3);
      const ov = makeOverview({ ...at, week: 21, das });
      const text = new TextDecoder().decode(ov.bytes);
      const before = await totals(db);

      const corrupt = await refusalOf(importFile(db, owner, {
        dialog: "csv",
        fileName: ov.fileName,
        bytes: new TextEncoder().encode(text.replace("Transporter ID", "Driver")),
      }));
      // Without its key column the file is refused, naming the column (issue 10 point 11).
      assert.deepEqual([corrupt.status, corrupt.code], [400, IMPORT.missingKeyColumns]);
      assert.match(String(corrupt.body.detail), new RegExp(ov.fileName.replace(/\./g, "\\.")));
      assert.match(String(corrupt.body.detail), /key column 'Transporter ID' is missing/);
      assert.ok((corrupt.body.problems as unknown[]).length >= 1);
      assert.equal(corrupt.body.file, ov.fileName);

      const sc = makeScorecardPdf({ ...at, week: 21, das, variant: "later" });
      const cut = await refusalOf(importFile(db, owner, {
        dialog: "pdf",
        fileName: sc.fileName,
        bytes: sc.bytes.slice(0, 600),
        startPage: 3,
      }));
      assert.equal(cut.status, 400);

      const dnr = makeDnr({ ...at, week: 21, das });
      const wrong = await refusalOf(importFile(db, owner, { dialog: "csv", ...dnr }));
      assert.deepEqual([wrong.status, wrong.code], [400, IMPORT.wrongDialog]);
      assert.match(String(wrong.body.detail), /DNR/);
      assert.deepEqual(Object.keys(wrong.body).sort(), ["code", "detail", "file", "problems"]);

      const wrongWeek = await refusalOf(importFile(db, owner, {
        dialog: "csv",
        fileName: ov.fileName.replace("2026-W21", "2026-W22"),
        bytes: ov.bytes,
      }));
      assert.equal(wrongWeek.status, 400);
      assert.match(String(wrongWeek.body.detail), /W22/);

      const unknown = makeOverview({ ...at, station: "ZZZ9", week: 21, das });
      const notSetUp = await refusalOf(importFile(db, owner, { dialog: "csv", ...unknown }));
      assert.deepEqual([notSetUp.status, notSetUp.code, notSetUp.body.detail], [
        400,
        IMPORT.unknownStation,
        "The file is for station ZZZ9, which is not set up",
      ]);

      const dto3 = makeOverview({ ...at, station: "DTO3", week: 21, das });
      const foreign = await refusalOf(importFile(db, supervisor, { dialog: "csv", ...dto3 }));
      assert.deepEqual([foreign.status, foreign.code, foreign.body.detail], [
        403,
        IMPORT.foreignStation,
        "You cannot import for station DTO3",
      ]);

      const role1 = await refusalOf(importFile(db, dispatcher, { dialog: "csv", ...ov }));
      assert.equal(role1.status, 403);
      assert.equal((await refusalOf(removeImport(db, dispatcher, 1))).status, 403);

      assert.deepEqual(await totals(db), before);
      // The supervisor sees nothing of another station's history.
      const theirs = await importFile(db, owner, { dialog: "csv", ...dto3 });
      assert.equal((await refusalOf(getImport(db, supervisor, theirs.import.id))).status, 404);
      assert.equal((await refusalOf(rerunImport(db, supervisor, theirs.import.id))).status, 404);
      assert.equal((await refusalOf(removeImport(db, supervisor, theirs.import.id))).status, 404);
      assert.equal((await listImports(db, supervisor, { family: "csv", page: 1, page_size: 10 })).count, 0);
      assert.equal((await listImports(db, owner, { family: "csv", page: 1, page_size: 10 })).count, 1);
      assert.equal((await listImports(db, owner, { family: "pdf", page: 1, page_size: 10 })).count, 0);
    } finally {
      await h.close();
    }
  });
}

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: unmatched ids link up, create DA, map to DA; two identical uploads at once`, async () => {
    const h = await engine.open({ demo: true });
    try {
      const db = h.db;
      await withoutDemoImports(db);
      const owner = await viewerOf(db, "owner@example.com");
      const supervisor = await viewerOf(db, "supervisor@example.com");
      const das = makeDas(5, 99);
      const tids = das.map((d) => d.transporterId);
      const dnr = await importFile(db, owner, { dialog: "dnr", ...makeDnr({ ...at, week: 10, das }) });
      assert.deepEqual([dnr.import.counts.matched, dnr.import.counts.unmatched, dnr.import.unmatched], [
        0,
        5,
        5,
      ]);
      assert.deepEqual(dnr.import.unmatched_ids.map((u) => u.transporter_id), [...tids].sort());
      assert.deepEqual(dnr.import.unmatched_ids.map((u) => u.da_name).sort(), das.map((d) => d.name).sort());
      const unmatched = async () =>
        (await getImport(db, owner, dnr.import.id)).unmatched_ids.map((u) => u.transporter_id).sort();

      // DAs at station 1: one gains tids[0] in the register; the import's row links up by itself.
      const atDon9 = rowsOf<{ id: number; transporter_id: string | null }>(
        await db.execute(sql`
        select u.id, u.transporter_id from users u join station_spots s on s.user_id = u.id
        where u.role = 5 and s.station_id = 1 order by u.id limit 3`),
      );
      await db.update(users).set({ transporterId: tids[0] }).where(eq(users.id, atDon9[0].id));
      assert.deepEqual(await unmatched(), tids.slice(1).sort());
      assert.equal(
        (await listImports(db, owner, { family: "csv", page: 1, page_size: 10 })).results[0].unmatched,
        4,
      );

      // Create DA: an active DA at the station holding the id.
      const created = await createDaFromUnmatched(db, supervisor, {
        transporter_id: tids[1].toLowerCase(),
        first_name: "New",
        last_name: "Driver",
        station_id: 1,
      });
      const [da] = rowsOf<
        { role: number; status: number; is_active: boolean; tid: string; station_id: number }
      >(
        await db.execute(sql`select u.role, u.status, u.is_active, u.transporter_id as tid, s.station_id
          from users u join station_spots s on s.user_id = u.id where u.id = ${created.id}`),
      );
      assert.deepEqual([da.role, da.status, da.is_active, da.tid, da.station_id], [5, 1, true, tids[1], 1]);
      assert.deepEqual(await unmatched(), tids.slice(2).sort());
      const held = await refusalOf(createDaFromUnmatched(db, owner, {
        transporter_id: tids[1],
        first_name: "Again",
        last_name: "Driver",
        station_id: 1,
      }));
      assert.deepEqual([held.status, held.code], [400, "da.transporter_id_taken"]);
      assert.match(String(held.body.detail), /already belongs to New Driver/);
      assert.deepEqual(held.body.transporter_id, [held.body.detail]);
      assert.equal(
        (await refusalOf(createDaFromUnmatched(db, supervisor, {
          transporter_id: tids[4],
          first_name: "A",
          last_name: "B",
          station_id: 3,
        }))).status,
        403,
      );

      // Map to DA: a DA with an id gets an alias; a DA without one gets it as their id.
      await mapToDa(db, owner, { transporter_id: tids[2], user_id: atDon9[1].id });
      const [alias] = await db.select().from(transporterAliases).where(
        eq(transporterAliases.transporterId, tids[2]),
      );
      assert.equal(alias.userId, atDon9[1].id);
      await db.update(users).set({ transporterId: null }).where(eq(users.id, atDon9[2].id));
      await mapToDa(db, owner, { transporter_id: tids[3], user_id: atDon9[2].id });
      const [got] = await db.select({ tid: users.transporterId }).from(users).where(
        eq(users.id, atDon9[2].id),
      );
      assert.equal(got.tid, tids[3]);
      assert.deepEqual(await unmatched(), [tids[4]]);
      await mapToDa(db, owner, { transporter_id: tids[2], user_id: atDon9[1].id }); // already theirs: nothing
      const taken = await refusalOf(mapToDa(db, owner, { transporter_id: tids[0], user_id: atDon9[1].id }));
      assert.equal(taken.status, 400);
      const atDto3 = rowsOf<{ id: number }>(
        await db.execute(sql`
        select u.id from users u join station_spots s on s.user_id = u.id where u.role = 5 and s.station_id = 3
          and not exists (select 1 from station_spots o where o.user_id = u.id and o.station_id in (1, 2))
        limit 1`),
      );
      assert.equal(
        (await refusalOf(mapToDa(db, supervisor, { transporter_id: tids[4], user_id: atDto3[0].id }))).status,
        404,
      );
      assert.deepEqual(await unmatched(), [tids[4]]);

      // Two identical uploads at once: one import, one kept file.
      const before = await totals(db);
      const psb = makePsb({ ...at, week: 11, das });
      const both = await Promise.all([
        importFile(db, owner, { dialog: "quality", ...psb }),
        importFile(db, supervisor, { dialog: "quality", ...psb }),
      ]);
      assert.deepEqual(both.map((o) => o.status).sort(), ["imported", "unchanged"]);
      assert.equal(both[0].import.id, both[1].import.id);
      const after = await totals(db);
      assert.deepEqual([after.amazon_imports - before.amazon_imports, after.uploads - before.uploads], [
        1,
        1,
      ]);
      assert.equal(after.da_weekly_quality - before.da_weekly_quality, 5);
    } finally {
      await h.close();
    }
  });
}
