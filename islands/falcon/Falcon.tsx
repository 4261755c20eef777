// Falcon (03 2.8): route plan versus actual for one station and a period. The page renders the first
// answer; every change asks the statistics API again (falcon_data: GET api/falcon/'s figures, from the same
// function) and keeps the choice in the URL. Plans are saved on blur (PUT api/falcon/plan/), comments from
// the dialog (PUT api/falcon/comment/); the server judges both.
import { useRef, useState } from "react";
import type { CommentSavedDto, FalconDto } from "../../lib/falcon/dto.ts";
import type { StationDto } from "../../lib/stations/dto.ts";
import type { PeriodPick } from "../../lib/dashboard/calc-period.ts";
import { canStepFalcon, falconParams, stepFalcon } from "../../lib/falcon/calc-period.ts";
import { api } from "../client/api.ts";
import { replaceUrl } from "../client/router.ts";
import { toast } from "../client/toast.ts";
import PeriodBar from "../dashboard/PeriodBar.tsx";
import CommentDialog from "./CommentDialog.tsx";
import FalconTable from "./FalconTable.tsx";
import { reactIsland } from "../ui/island.ts";

export default function Falcon({ initial, stations, pick: first, today, defaultDate, canEdit }: {
  initial: FalconDto;
  stations: StationDto[];
  pick: PeriodPick;
  today: string;
  defaultDate: string;
  canEdit: boolean;
}) {
  const [data, setData] = useState(initial);
  const [pick, setPick] = useState(first);
  const [station, setStation] = useState(initial.station.id);
  const [state, setState] = useState<"ready" | "loading" | "error">("ready");
  const [commentDate, setCommentDate] = useState<string | null>(null);
  const asked = useRef(0);

  async function load(p: PeriodPick, id: number) {
    setPick(p);
    setStation(id);
    const url = new URL(location.href);
    url.search = new URLSearchParams({ type: p.type, date: p.date, station: String(id) }).toString();
    replaceUrl(url.toString());
    const n = ++asked.current;
    setState("loading");
    try {
      const q = new URLSearchParams({ statistic: "falcon_data", ...falconParams(p, id) });
      const d = await api<FalconDto>(`/api/statistic/?${q}`);
      if (n !== asked.current) return;
      setData(d);
      setState("ready");
    } catch {
      if (n === asked.current) setState("error");
    }
  }

  async function savePlan(date: string, routes: number) {
    await api("/api/falcon/plan/", { method: "PUT", json: { date, routes, station } });
    setData((d) => ({
      ...d,
      plan_list: [...d.plan_list.filter((p) => p.report_date !== date), {
        report_date: date,
        number_of_routes: routes,
      }],
    }));
    toast("success", "Plan saved.");
  }

  async function saveComment(comment: string, matchStatus: number) {
    const date = commentDate!;
    const saved = await api<CommentSavedDto>("/api/falcon/comment/", {
      method: "PUT",
      json: { date, comment, matchStatus, station },
    });
    setData((d) => ({
      ...d,
      comment_list: [...d.comment_list.filter((c) => c.report_date !== date), ...saved.data],
    }));
    toast("success", "Comment saved.");
  }

  return (
    <div className="space-y-4" data-testid="falcon" aria-busy={state === "loading"}>
      <div className="card flex flex-wrap items-center justify-between gap-3 px-3 py-3">
        <PeriodBar
          pick={pick}
          today={today}
          defaultDate={defaultDate}
          onChange={(p) => load(p, station)}
          canStep={canStepFalcon}
          step={stepFalcon}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Station
          <select
            className="field-input w-auto py-1.5"
            value={station}
            onChange={(e) => load(pick, Number(e.target.value))}
            data-testid="falcon-station"
          >
            {stations.map((s) => <option key={s.id} value={s.id}>{s.tag} · {s.title}</option>)}
          </select>
        </label>
      </div>
      {state === "error"
        ? (
          <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
            The figures could not be loaded. Try again.
          </p>
        )
        : null}
      <p className="text-sm text-slate-600">
        {pick.type === "week"
          ? canEdit
            ? "Type the planned routes of the current or a later week of this year; each is saved when you leave it."
            : "Planned routes are typed by management."
          : "Plans are typed in the weekly view."}
        {pick.type === "annual" ? " Comments are kept per day: open a month or a week to read them." : ""}
      </p>
      <div className={state === "loading" ? "opacity-60" : ""}>
        <FalconTable data={data} canEdit={canEdit} onPlan={savePlan} onComment={setCommentDate} />
      </div>
      <CommentDialog
        date={commentDate}
        comment={data.comment_list.find((c) => c.report_date === commentDate)}
        readOnly={!canEdit}
        onClose={() => setCommentDate(null)}
        onSave={saveComment}
      />
      <p className="flex flex-wrap gap-3 text-xs text-slate-600">
        <span>
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-emerald-500" /> Yes, matches
        </span>
        <span>
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-red-500" /> No
        </span>
        <span>
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-sky-500" /> Comment, no answer
        </span>
        <span>
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-slate-300" /> No comment
        </span>
      </p>
    </div>
  );
}

reactIsland(Falcon);
