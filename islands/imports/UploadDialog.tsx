// One upload dialog of the /import drawer: a file (and the PDF's start page), then real progress — the
// percentage sent, 'Processing…' while the server reads and stores it, and the outcome or the refusal with
// every problem the server found. Replaces the old 'about 10 minutes' notices (01 section 9).
import Icon from "../ui/Icon.tsx";
import { useRef, useState } from "react";
import type { Problem } from "../../lib/amazon/types.ts";
import { DIALOG_ENDPOINT, type ImportOutcomeDto } from "../../lib/imports/dto.ts";
import Modal from "../ui/Modal.tsx";
import { ApiError, catalogueMessage } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import {
  canUpload,
  type DialogInfo,
  dialogTitle,
  failureToast,
  outcomeLine,
  problemPlace,
  successToast,
} from "./dialogs.ts";
import { type UploadPhase, uploadWithProgress } from "./upload.ts";
import { BreakableName } from "./HistoryTable.tsx";

type State =
  | { step: "choose" }
  | UploadPhase & { step: "busy" }
  | { step: "done"; outcome: ImportOutcomeDto }
  | { step: "failed"; title: string; detail: string; problems: Problem[] };

export function ProblemList({ problems, testId = "problems" }: { problems: Problem[]; testId?: string }) {
  if (problems.length === 0) return null;
  return (
    <ul
      className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 bg-white text-sm"
      data-testid={testId}
    >
      {problems.map((p, i) => {
        const place = problemPlace(p);
        return (
          <li key={i} className="px-3 py-1.5" data-testid="problem">
            {place ? <span className="mr-2 font-medium tabular-nums text-slate-800">{place}:</span> : null}
            <span className="text-slate-700">{p.message}</span>
          </li>
        );
      })}
    </ul>
  );
}

function Progress({ state }: { state: UploadPhase }) {
  const sending = state.phase === "sending";
  return (
    <div className="space-y-1.5" data-testid="upload-progress" aria-live="polite">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-700">
          {sending ? "Uploading…" : "Processing…"}
        </span>
        <span className="tabular-nums text-slate-500" data-testid="upload-percent">
          {sending ? `${state.percent}%` : "100% sent"}
        </span>
      </div>
      {/* Without a value the bar is indeterminate: the server's work has no percentage to show. */}
      <progress
        className="h-2 w-full appearance-none overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
        max={100}
        value={sending ? state.percent : undefined}
        aria-label={sending ? "Upload progress" : "Processing"}
      />
      {sending ? null : (
        <p className="text-xs text-slate-500">
          The file is sent; the server is reading it and storing its rows.
        </p>
      )}
    </div>
  );
}

export default function UploadDialog({ info, onClose, onImported, onOpenImport }: {
  info: DialogInfo | null;
  onClose: () => void;
  onImported: (o: ImportOutcomeDto) => void;
  onOpenImport: (id: number) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [page, setPage] = useState("0");
  const [state, setState] = useState<State>({ step: "choose" });
  const busy = state.step === "busy";
  // Escape closes the native dialog even mid-upload; the upload then finishes unseen (its toast still
  // shows and the history reloads) and must not paint its state into the next dialog opened.
  const generation = useRef(0);
  const abort = useRef<AbortController | null>(null);

  function reset() {
    generation.current++;
    // Cancel stops a file still being sent; once sent, the server finishes it (and its toast shows).
    if (state.step === "busy" && state.phase === "sending") abort.current?.abort();
    setFile(null);
    setPage("0");
    setState({ step: "choose" });
    if (input.current) input.current.value = "";
  }

  function close() {
    reset();
    onClose();
  }

  async function upload() {
    if (!info || !file || !canUpload(info, file, page)) return;
    const endpoint = DIALOG_ENDPOINT[info.dialog];
    const form = new FormData();
    form.set(endpoint.field, file, file.name);
    if (info.needsPage) form.set("page_numbers", page.trim());
    const mine = generation.current;
    const paint = (s: State) => mine === generation.current && setState(s);
    abort.current = new AbortController();
    const answer = await uploadWithProgress(
      endpoint.path,
      form,
      (p) => paint({ step: "busy", ...p }),
      abort.current.signal,
    );
    if (answer.aborted) return;
    if (answer.status >= 200 && answer.status < 300) {
      const outcome = answer.body as unknown as ImportOutcomeDto;
      paint({ step: "done", outcome });
      toast("success", successToast(info.dialog, outcome.import.kind));
      onImported(outcome);
      return;
    }
    const detail = typeof answer.body.detail === "string"
      ? answer.body.detail
      : `The upload failed (status ${answer.status}).`;
    const problems = Array.isArray(answer.body.problems) ? answer.body.problems as Problem[] : [];
    // The catalogue's own texts for 403, 413 and 500; the dialog's failure words for a refused file. Said
    // once (issue 14): in the dialog, where the problems are, while it still shows this upload; as a toast
    // only when the dialog was closed or moved on meanwhile.
    const title = [403, 413, 500].includes(answer.status)
      ? catalogueMessage(new ApiError(answer.status, answer.body))?.message ??
        failureToast(info.dialog, file.name)
      : failureToast(info.dialog, file.name);
    if (mine === generation.current) paint({ step: "failed", title, detail, problems });
    else if (answer.status !== 401) toast("error", title);
  }

  if (!info) return <Modal open={false} title="" onClose={close}>{null}</Modal>;
  const ready = canUpload(info, file, page);
  const done = state.step === "done" ? state.outcome : null;
  const footer = done
    ? (
      <>
        <button type="button" className="btn-ghost mr-auto" onClick={reset} data-testid="upload-another">
          Upload another
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            const id = done.import.id;
            close();
            onOpenImport(id);
          }}
          data-testid="open-import"
        >
          Open import
        </button>
        <button type="button" className="btn-primary" onClick={close}>Close</button>
      </>
    )
    : (
      <>
        <button type="button" className="btn-secondary" onClick={close} data-testid="upload-cancel">
          {busy && state.phase === "processing" ? "Close" : "Cancel"}
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!ready || busy}
          title={!ready && !busy ? "Choose a file (and the page number) first" : undefined}
          onClick={upload}
          data-testid="upload-submit"
        >
          {busy ? null : <Icon name="upload" className="h-4 w-4" />}
          {busy ? (state.phase === "sending" ? "Uploading…" : "Processing…") : "Upload"}
        </button>
      </>
    );

  return (
    <Modal open title={dialogTitle(info)} onClose={close} footer={footer}>
      <div className="space-y-4" data-testid={`upload-dialog-${info.dialog}`}>
        <p className="text-sm text-slate-600">{info.hint}</p>
        <div className={done ? "hidden" : ""}>
          <label className="field-label" htmlFor="import-file">File</label>
          <input
            ref={input}
            id="import-file"
            type="file"
            accept={info.accept ?? undefined}
            disabled={busy}
            className="field-input file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
            data-testid="upload-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              if (state.step !== "busy") setState({ step: "choose" });
            }}
          />
          <p className="mt-1 text-xs text-slate-500">
            {info.accept ? `A ${info.accept.slice(1).toUpperCase()} file.` : "A PDF or XLSX file."}
          </p>
        </div>
        {info.needsPage && !done
          ? (
            <div>
              <label className="field-label" htmlFor="import-page">Page number</label>
              <input
                id="import-page"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                className="field-input max-w-40"
                value={page}
                disabled={busy}
                aria-describedby="import-page-hint"
                data-testid="upload-page"
                onChange={(e) => setPage(e.target.value)}
              />
              <p id="import-page-hint" className="mt-1 text-xs text-slate-500">
                Enter the page where table starts
              </p>
            </div>
          )
          : null}
        {state.step === "choose"
          ? (
            <p className="text-xs text-slate-500">
              The upload's progress shows here, then the rows stored. Uploading a newer file for the same
              station and week replaces the older one; the same file again changes nothing.
            </p>
          )
          : null}
        {state.step === "busy" ? <Progress state={state} /> : null}
        {done
          ? (
            <div
              className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
              role="status"
              data-testid="upload-outcome"
            >
              <p className="font-semibold">
                {done.status === "unchanged"
                  ? "Already imported"
                  : done.status === "replaced"
                  ? "Imported, replacing an older file"
                  : "Imported"}
              </p>
              <p className="mt-0.5 text-xs [overflow-wrap:anywhere]">
                <BreakableName name={done.import.file_name} />
              </p>
              <p className="mt-1.5">{outcomeLine(done)}</p>
            </div>
          )
          : null}
        {state.step === "failed"
          ? (
            <div className="space-y-2" data-testid="upload-failure">
              <p
                role="alert"
                className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                data-testid="upload-error"
              >
                <strong className="block font-semibold" data-testid="upload-error-title">
                  {state.title}
                </strong>
                {state.detail === state.title ? null : state.detail}
              </p>
              {state.problems.length
                ? (
                  <>
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                      {state.problems.length === 1 ? "1 problem" : `${state.problems.length} problems`}
                    </p>
                    <ProblemList problems={state.problems} />
                  </>
                )
                : null}
            </div>
          )
          : null}
      </div>
    </Modal>
  );
}
