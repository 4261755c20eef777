import { useEffect, useState } from "react";
import { createReportInput } from "../../lib/shifts/inputs.ts";
import { digitsOnly, MAX_START_ROWS, REPORT_CREATED } from "../../lib/shifts/board/calc.ts";
import { DUPLICATE_SHIFT, SHIFT } from "../../lib/shifts/errors.ts";
import type { BoardReportDto, DuplicateDto } from "../../lib/shifts/board/dto.ts";
import type { StationDto } from "../../lib/stations/dto.ts";
import { api, ApiError, notifyError } from "../client/api.ts";
import { toast, toastAfterNavigation } from "../client/toast.ts";
import FormModal from "../ui/FormModal.tsx";
import { StationSelect, useTakenStations } from "./taken.tsx";

/** The stations with a shift on that day, each with its report's id. */
async function shiftsOn(day: string): Promise<Map<number, number>> {
  const res = await api<DuplicateDto>("/api/is-shift-duplicate/", {
    method: "POST",
    json: { date: day },
    quiet: true,
  });
  return new Map(res.results.map((r) => [r.station__id, r.id]));
}

/**
 * Create New Shift (02 section 5): station and date required (default tomorrow), dates before today only
 * with old-shift access, rows 0-300 digits only, 'Has second Driver?'. Each date change looks up the
 * stations that already have a shift that day: they are disabled, and choosing one shows the duplicate
 * message with a link to that report in a new tab. Success opens the new report.
 */
export default function CreateShiftModal(
  { open, onClose, stations, defaultStation, today, tomorrow, canCreateOld }: {
    open: boolean;
    onClose: () => void;
    stations: StationDto[];
    defaultStation: number | null;
    today: string;
    tomorrow: string;
    canCreateOld: boolean;
  },
) {
  const [station, setStation] = useState("");
  const [date, setDate] = useState(tomorrow);
  const [rows, setRows] = useState("");
  const [second, setSecond] = useState(false);
  const [busy, setBusy] = useState(false);
  const shifts = useTakenStations((day) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? shiftsOn(day) : null));

  useEffect(() => {
    if (!open) return;
    setStation(defaultStation ? String(defaultStation) : "");
    setDate(tomorrow);
    setRows("");
    setSecond(false);
    setBusy(false);
    shifts.lookUp(tomorrow);
  }, [open]);

  const existing = station ? shifts.taken.get(Number(station)) : undefined;
  const tooEarly = !!date && !canCreateOld && date < today;
  const parsed = createReportInput.safeParse({
    station: Number(station),
    report_date: date,
    rows: rows === "" ? 0 : Number(rows),
    has_second_driver: second,
  });
  const rowsError = parsed.success
    ? null
    : parsed.error.issues.find((i) => i.path[0] === "rows")?.message ?? null;

  async function create() {
    if (!parsed.success) return;
    setBusy(true);
    try {
      const report = await api<BoardReportDto>("/api/da-daily-report/", {
        method: "POST",
        json: parsed.data,
        quiet: true,
      });
      toast("success", REPORT_CREATED);
      toastAfterNavigation("success", REPORT_CREATED);
      // Busy until the report's page replaces this one.
      window.location.assign(`/das-reports/${report.id}`);
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) return;
      if (err.code === SHIFT.duplicate && typeof err.body.id === "number") {
        shifts.mark(Number(station), err.body.id);
      }
      if (typeof err.body.detail === "string" && err.status < 500) toast("error", err.body.detail);
      else notifyError(err);
    }
  }

  return (
    <FormModal
      open={open}
      title="Create New Shift"
      onClose={onClose}
      onSubmit={create}
      busy={busy}
      canSubmit={parsed.success && existing === undefined && !tooEarly}
      submitLabel="Create"
      busyLabel="Creating…"
      formId="create-shift"
      testId="create-form"
      submitTestId="create-submit"
    >
      <div>
        <label htmlFor="cs-date" className="field-label">Date</label>
        <input
          id="cs-date"
          type="date"
          className="field-input"
          value={date}
          min={canCreateOld ? undefined : today}
          required
          aria-invalid={tooEarly || !date || undefined}
          onChange={(e) => {
            setDate(e.target.value);
            shifts.lookUp(e.target.value);
          }}
        />
        {tooEarly
          ? (
            <p className="field-error" data-testid="cs-date-error">
              Pick today or a later date: older shifts need old-shift access.
            </p>
          )
          : !date
          ? <p className="field-error">Date is required.</p>
          : null}
      </div>
      <StationSelect
        id="cs-station"
        value={station}
        stations={stations}
        taken={shifts.taken}
        takenNote=" (shift already added)"
        invalid={existing !== undefined}
        onChange={setStation}
        message={existing !== undefined
          ? (
            <p className="field-error" data-testid="cs-duplicate">
              {DUPLICATE_SHIFT}{" "}
              <a
                href={`/das-reports/${existing}`}
                target="_blank"
                rel="noopener"
                className="underline"
                data-testid="cs-duplicate-link"
              >
                Open the existing report
              </a>
            </p>
          )
          : shifts.checking
          ? <p className="mt-1 text-xs text-slate-500">Checking the stations' shifts for this date…</p>
          : null}
      />
      <div>
        <label htmlFor="cs-rows" className="field-label">Rows</label>
        <input
          id="cs-rows"
          type="text"
          inputMode="numeric"
          className="field-input"
          placeholder="0"
          value={rows}
          maxLength={3}
          aria-invalid={rowsError ? true : undefined}
          onChange={(e) => setRows(digitsOnly(e.target.value))}
        />
        {rowsError ? <p className="field-error">{rowsError}</p> : (
          <p className="mt-1 text-xs text-slate-500">
            Blank rows to start with (0–{MAX_START_ROWS}); more can be added in the report.
          </p>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={second}
          onChange={(e) => setSecond(e.target.checked)}
          data-testid="cs-second"
        />
        Has second Driver?
      </label>
    </FormModal>
  );
}
