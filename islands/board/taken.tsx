// Create New Shift and Add budget both offer only the stations still free for the chosen day or month:
// the look-up that finds the taken ones, and the station select that disables them.
import { RequiredMark } from "../ui/FormField.tsx";
import { type ReactNode, useRef, useState } from "react";
import type { StationDto } from "../../lib/stations/dto.ts";

/**
 * Stations taken for a key (a date, a month), each mapped to what takes it (a report id; 0 when there is
 * nothing to link to). A slower answer for an older key never overwrites a newer one.
 */
export function useTakenStations(look: (key: string) => Promise<Map<number, number>> | null) {
  const [taken, setTaken] = useState<Map<number, number>>(new Map());
  const [checking, setChecking] = useState(false);
  const seq = useRef(0);

  async function lookUp(key: string) {
    const mine = ++seq.current;
    // The old key's stations say nothing about the new one: none is shown taken until the answer is in.
    setTaken(new Map());
    const answer = look(key);
    if (!answer) return;
    setChecking(true);
    try {
      const found = await answer;
      if (mine === seq.current) setTaken(found);
    } catch {
      if (mine === seq.current) setTaken(new Map());
    } finally {
      if (mine === seq.current) setChecking(false);
    }
  }

  /** The server refused a station the look-up had missed (someone was quicker). */
  const mark = (station: number, by = 0) => setTaken((t) => new Map(t).set(station, by));
  return { taken, checking, lookUp, mark };
}

/** The station select: taken stations are disabled and say why; `message` goes under it. */
export function StationSelect({ id, value, stations, taken, takenNote, invalid, onChange, message }: {
  id: string;
  value: string;
  stations: StationDto[];
  taken: Map<number, number>;
  /** After a taken station's name: " (has a budget)". */
  takenNote: string;
  invalid: boolean;
  onChange: (station: string) => void;
  message: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Station<RequiredMark />
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        required
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose a station…</option>
        {stations.map((s) => (
          <option key={s.id} value={s.id} disabled={taken.has(s.id)}>
            {s.tag} · {s.title}
            {taken.has(s.id) ? takenNote : ""}
          </option>
        ))}
      </select>
      {message}
    </div>
  );
}
