import { useEffect, useRef, useState } from "react";
import { createReportInput } from "../../lib/shifts/inputs.ts";
import { digitsOnly, DUPLICATE_SHIFT, MAX_START_ROWS, REPORT_CREATED } from "../../lib/shifts/board/calc.ts";
import type { BoardReportDto, DuplicateDto } from "../../lib/shifts/board/dto.ts";
import { api, ApiError, notifyError } from "../client/api.ts";
import { toast, toastAfterNavigation } from "../client/toast.ts";
import Modal from "../ui/Modal.tsx";

export interface StationOption {
  id: number;
  tag: string;
  title: string;
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
    stations: StationOption[];
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
  const [taken, setTaken] = useState<Map<number, number>>(new Map());
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);

  async function lookUp(day: string) {
    const mine = ++seq.current;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setTaken(new Map());
    setChecking(true);
    try {
      const res = await api<DuplicateDto>("/api/is-shift-duplicate/", {
        method: "POST",
        json: { date: day },
        quiet: true,
      });
      if (mine === seq.current) setTaken(new Map(res.results.map((r) => [r.station__id, r.id])));
    } catch {
      if (mine === seq.current) setTaken(new Map());
    } finally {
      if (mine === seq.current) setChecking(false);
    }
  }

  useEffect(() => {
    if (!open) return;
    setStation(defaultStation ? String(defaultStation) : "");
    setDate(tomorrow);
    setRows("");
    setSecond(false);
    setBusy(false);
    lookUp(tomorrow);
  }, [open]);

  const existing = station ? taken.get(Number(station)) : undefined;
  const tooEarly = !!date && !canCreateOld && date < today;
  const body = {
    station: Number(station),
    report_date: date,
    rows: rows === "" ? 0 : Number(rows),
    has_second_driver: second,
  };
  const parsed = createReportInput.safeParse(body);
  const rowsError = parsed.success
    ? null
    : parsed.error.issues.find((i) => i.path[0] === "rows")?.message ?? null;
  const canCreate = parsed.success && existing === undefined && !tooEarly && !busy;

  async function create(e: React.FormEvent) {
    e.preventDefault();
    if (!canCreate) return;
    setBusy(true);
    try {
      const report = await api<BoardReportDto>("/api/da-daily-report/", {
        method: "POST",
        json: parsed.data,
        quiet: true,
      });
      toast("success", REPORT_CREATED);
      toastAfterNavigation("success", REPORT_CREATED);
      window.location.assign(`/das-reports/${report.id}`);
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) return;
      if (err.status === 400 && typeof err.body.id === "number") {
        setTaken((t) => new Map(t).set(Number(station), err.body.id as number));
      }
      if (typeof err.body.detail === "string" && err.status < 500) toast("error", err.body.detail);
      else notifyError(err);
    }
  }

  return (
    <Modal
      open={open}
      title="Create New Shift"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button
            type="submit"
            form="create-shift"
            className="btn-primary"
            disabled={!canCreate}
            data-testid="create-submit"
          >
            {busy ? "Creating…" : "Create"}
          </button>
        </>
      }
    >
      <form id="create-shift" onSubmit={create} noValidate className="space-y-4" data-testid="create-form">
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
              lookUp(e.target.value);
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
        <div>
          <label htmlFor="cs-station" className="field-label">Station</label>
          <select
            id="cs-station"
            className="field-input"
            value={station}
            required
            aria-invalid={existing !== undefined || undefined}
            onChange={(e) => setStation(e.target.value)}
          >
            <option value="">Choose a station…</option>
            {stations.map((s) => (
              <option key={s.id} value={s.id} disabled={taken.has(s.id)}>
                {s.tag} · {s.title}
                {taken.has(s.id) ? " (shift already added)" : ""}
              </option>
            ))}
          </select>
          {existing !== undefined
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
            : checking
            ? <p className="mt-1 text-xs text-slate-500">Checking the stations' shifts for this date…</p>
            : null}
        </div>
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
          {rowsError
            ? <p className="field-error">{rowsError}</p>
            : (
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
      </form>
    </Modal>
  );
}
