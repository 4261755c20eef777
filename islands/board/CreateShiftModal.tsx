import { useEffect, useRef, useState } from "react";
import { addDays } from "../../lib/dates/calendar.ts";
import { createReportInput } from "../../lib/shifts/inputs.ts";
import { digitsOnly, MAX_START_ROWS, REPORT_CREATED } from "../../lib/shifts/board/calc.ts";
import { DUPLICATE_SHIFT, SHIFT } from "../../lib/shifts/errors.ts";
import type { BoardReportDto, DuplicateDto } from "../../lib/shifts/board/dto.ts";
import type { StationDto } from "../../lib/stations/dto.ts";
import { api, ApiError, notifyError } from "../client/api.ts";
import { go } from "../client/router.ts";
import { toast, toastAfterNavigation } from "../client/toast.ts";
import DateInput from "../ui/DateInput.tsx";
import FormModal from "../ui/FormModal.tsx";
import { RequiredMark } from "../ui/FormField.tsx";
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
 * message with a link to that report in a new tab. Success opens the new report. It opens on the first
 * free station and day from tomorrow (the default station first), never on one that already has a report.
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
  /** Set once the person changes the date or station: the search for a free one no longer moves them. */
  const touched = useRef(false);

  useEffect(() => {
    if (!open) return;
    touched.current = false;
    setStation(defaultStation ? String(defaultStation) : "");
    setDate(tomorrow);
    setRows("");
    setSecond(false);
    setBusy(false);
    let live = true;
    void firstFree(stations, defaultStation, tomorrow).then((free) => {
      if (!live || touched.current) return;
      if (free) {
        setDate(free.date);
        setStation(String(free.station));
      }
      shifts.lookUp(free?.date ?? tomorrow);
    });
    return () => {
      live = false;
    };
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
      // Shown once the report's page is on screen (the toaster persists across the client-side swap).
      toastAfterNavigation("success", REPORT_CREATED);
      // Busy until the report's page replaces this one.
      go(`/das-reports/${report.id}`);
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
      blockedBy={!date
        ? "Choose a date first"
        : !station
        ? "Choose a station first"
        : existing !== undefined
        ? "This station already has a shift report that day"
        : tooEarly
        ? "Older shifts need old-shift access"
        : !parsed.success
        ? "Correct the marked field first"
        : null}
      submitLabel="Create"
      busyLabel="Creating…"
      formId="create-shift"
      testId="create-form"
      submitTestId="create-submit"
    >
      <div>
        <label htmlFor="cs-date" className="field-label">
          Date<RequiredMark />
        </label>
        <DateInput
          id="cs-date"
          testId="cs-date"
          value={date}
          min={canCreateOld ? undefined : today}
          required
          aria-invalid={tooEarly || !date || undefined}
          onChange={(iso) => {
            touched.current = true;
            setDate(iso);
            shifts.lookUp(iso);
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
        onChange={(s) => {
          touched.current = true;
          setStation(s);
        }}
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

/** How many days from tomorrow the modal looks for a station without a report before it gives up. */
const FREE_DAY_SEARCH = 14;

/**
 * The first day from `from` on which one of the viewer's stations has no report yet, the default station
 * preferred; null when every station is taken for two weeks (or the look-up failed).
 */
async function firstFree(
  stations: StationDto[],
  defaultStation: number | null,
  from: string,
): Promise<{ date: string; station: number } | null> {
  const order = [
    ...stations.filter((s) => s.id === defaultStation),
    ...stations.filter((s) => s.id !== defaultStation),
  ].map((s) => s.id);
  if (order.length === 0) return null;
  for (let i = 0; i < FREE_DAY_SEARCH; i++) {
    const date = addDays(from, i);
    const taken = await shiftsOn(date).catch(() => null);
    if (!taken) return null;
    const station = order.find((id) => !taken.has(id));
    if (station !== undefined) return { date, station };
  }
  return null;
}
