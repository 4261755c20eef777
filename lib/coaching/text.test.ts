import assert from "node:assert/strict";
import type { ScoreboardRowDto } from "../scoreboard/dto.ts";
import { draftText, languageOf, offTarget } from "./text.ts";

function row(
  over: Partial<ScoreboardRowDto["raw_data"]> & { dsb_count?: number | null; dnr?: number | null },
) {
  const { dsb_count = 0, dnr = 0, ...raw } = over;
  return {
    id: 1,
    ignore_sms: false,
    driver: { id: 1, first_name: "Ana", last_name: "Ruiz", transporter_id: "A1234567890123" },
    points_total: 80,
    old_points_total: null,
    number_of_shifts: 5,
    quadrant_name: null,
    raw_data: {
      current_week_tier: "Fair",
      average_week6_tier: null,
      tenured: 20,
      dcr: 99.5,
      dsb: null,
      dar: null,
      pod: 99,
      sc: null,
      ced: null,
      high_performer_in_weeks: null,
      ...raw,
    },
    dnr,
    dsb_count,
    rescue: null,
    morning_checklist: null,
    ontime_attendance: null,
    text_message: "",
  } satisfies ScoreboardRowDto;
}

Deno.test("on target everywhere: no draft", () => {
  assert.equal(draftText(row({}), 21, "en"), null);
  assert.deepEqual(offTarget(row({})), []);
});

Deno.test("English: each measure says what it is, figure against target, the tier and a tip", () => {
  const text = draftText(row({ dcr: 96.456, dsb_count: 2 }), 21, "en")!;
  assert.equal(
    text,
    "Hi Ana, your coaching for week 21 (tier Fair). " +
      "DCR, the share of your packages delivered: 96.46%, target 98%. Tip: call support before you return a package. " +
      "DSB, deliveries that were not as the customer asked: 2, target 0. Tip: scan at the door, never in the van. " +
      "Thank you!",
  );
});

Deno.test("Spanish: the same measures in Spanish, with the tier", () => {
  const text = draftText(row({ pod: 95, current_week_tier: "Poor", dnr: 1200 }), 3, "es")!;
  assert.match(text, /^Hola Ana, tu coaching de la semana 3 \(nivel Poor\)\./);
  assert.match(text, /POD, las fotos de entrega que Amazon acepta: 95%, objetivo 97%\. Consejo: /);
  assert.match(text, /DNR, .*: 1200, objetivo 600\./);
  assert.match(text, /¡Gracias!$/);
});

Deno.test("no tier, no first name; unknown languages read English", () => {
  const r = row({ dcr: 90, current_week_tier: null });
  r.driver.first_name = "";
  assert.match(draftText(r, 5, "en")!, /^Hi, your coaching for week 5\. DCR/);
  assert.equal(languageOf("fr"), "en");
  assert.equal(languageOf("es"), "es");
});
