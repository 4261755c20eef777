// The module must give the same answers whatever the machine's time zone: run a probe under several TZ
// values in child processes and compare.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const mod = new URL("./mod.ts", import.meta.url).href;
const probe = `
import * as d from ${JSON.stringify(mod)};
const now = new Date("2026-01-01T03:00:00Z");
console.log(JSON.stringify([
  d.weekOf("2025-12-28"), d.weekOf("2026-12-31"), d.weekStart(2026, 1), d.weekDays(2027, 1),
  d.addDays("2026-03-08", 1), d.addDays("2026-10-25", 1), d.dayOfWeek("2026-03-29"),
  d.formatDate(new Date(Date.UTC(2025, 11, 31, 23, 30))), d.formatDateTimeInZone("2026-01-01T03:30:00Z"),
  d.weekdayAbbrev(new Date(Date.UTC(2026, 4, 17, 23))), d.todayIn(undefined, now), d.yesterdayIn("UTC", now),
  d.daysAgo("2026-03-01", "2026-03-31"), d.periodEnd("month", { year: 2026, month: 3 }),
]));
`;

const canRun = (await Deno.permissions.query({ name: "run" })).state === "granted";

Deno.test({
  name: "results do not depend on the machine's time zone (TZ)",
  ignore: !canRun,
  async fn() {
    const outputs = new Map<string, string>();
    for (
      const tz of ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/New_York", "Europe/London"]
    ) {
      const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
        args: ["eval", probe],
        cwd: root,
        env: { TZ: tz },
      }).output();
      assert.equal(code, 0, new TextDecoder().decode(stderr));
      outputs.set(tz, new TextDecoder().decode(stdout).trim());
    }
    const utc = outputs.get("UTC")!;
    assert.deepEqual(JSON.parse(utc).slice(0, 3), [
      { year: 2026, week: 1 },
      { year: 2027, week: 1 },
      "2025-12-28",
    ]);
    for (const [tz, out] of outputs) assert.equal(out, utc, tz);
  },
});
