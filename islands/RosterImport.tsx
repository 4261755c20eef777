import { go } from "./client/router.ts";
import { useState } from "react";
import Modal from "./ui/Modal.tsx";
import RosterPreview, { KEY_HEADER, n } from "./RosterPreview.tsx";
import Icon from "./ui/Icon.tsx";
import { api, ApiError, notifyError } from "./client/api.ts";
import { toast, toastAfterNavigation } from "./client/toast.ts";
import {
  ACCEPT,
  type CommitDto,
  KIND_LABEL,
  type PreviewDto,
  type RosterKind,
} from "../lib/roster/inputs.ts";
import { reactIsland } from "./ui/island.ts";

/**
 * Fired on window (cancelable) after an import. A register island that reloads its own rows listens and
 * calls preventDefault(); when none does, the page reloads so the imported rows show.
 */
export const ROSTER_IMPORTED_EVENT = "roster:imported";

function form(kind: RosterKind, file: File, digest?: string): FormData {
  const fd = new FormData();
  fd.set("kind", kind);
  if (digest) fd.set("digest", digest);
  fd.set("file", file, file.name);
  return fd;
}

/** 'Import roster' / 'Import vans': choose a file, preview what it would do, then import it in one go. */
export default function RosterImport({ kind }: { kind: RosterKind }) {
  const label = KIND_LABEL[kind];
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PreviewDto | null>(null);
  const [busy, setBusy] = useState<"preview" | "commit" | null>(null);
  const [ack, setAck] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function reset() {
    setFile(null);
    setPreview(null);
    setAck(false);
    setError(null);
    setBusy(null);
  }

  function close() {
    setOpen(false);
    reset();
  }

  async function runPreview() {
    if (!file) return;
    setBusy("preview");
    setError(null);
    try {
      // quiet: a refusal is said once, in the dialog (issue 14); notifyError only when it has no words.
      setPreview(
        await api<PreviewDto>("/api/roster/preview", { method: "POST", body: form(kind, file), quiet: true }),
      );
      setAck(false);
    } catch (e) {
      if (e instanceof ApiError && typeof e.body.detail === "string") setError(e.body.detail);
      else if (e instanceof ApiError) notifyError(e);
    }
    setBusy(null);
  }

  async function commit() {
    if (!file || !preview) return;
    setBusy("commit");
    try {
      const done = await api<CommitDto>("/api/roster/commit", {
        method: "POST",
        body: form(kind, file, preview.digest),
        quiet: true,
      });
      // A register on the page that reloads its own rows calls preventDefault(); otherwise the page reloads.
      const event = new CustomEvent(ROSTER_IMPORTED_EVENT, {
        detail: { kind, result: done },
        cancelable: true,
      });
      const handled = !window.dispatchEvent(event);
      close();
      if (handled || done.created + done.updated === 0) toast("success", done.detail);
      else {
        toastAfterNavigation("success", done.detail);
        go(window.location.href, { replace: true });
      }
      return;
    } catch (e) {
      // 409: the data changed since the preview. Back to the file step; Preview shows the new plan.
      if (e instanceof ApiError && typeof e.body.detail === "string") setError(e.body.detail);
      else if (e instanceof ApiError) notifyError(e);
      setPreview(null);
    }
    setBusy(null);
  }

  const writes = preview ? preview.counts.create + preview.counts.update : 0;
  const canImport = !!preview && writes > 0 && (preview.counts.reject === 0 || ack) && !busy;
  const footer = preview
    ? (
      <>
        <button
          type="button"
          className="btn-ghost mr-auto"
          disabled={!!busy}
          onClick={() => {
            setPreview(null);
            setAck(false);
          }}
        >
          Choose another file
        </button>
        <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
        <button
          type="button"
          className="btn-primary"
          disabled={!canImport}
          title={!canImport && !busy
            ? writes === 0 ? "The file changes nothing" : "Tick that the refused rows are skipped first"
            : undefined}
          onClick={commit}
          data-testid="roster-commit"
        >
          {busy === "commit" ? "Importing…" : `Import ${n(writes)} row${writes === 1 ? "" : "s"}`}
        </button>
      </>
    )
    : (
      <>
        <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
        <button
          type="button"
          className="btn-primary"
          disabled={!file || !!busy}
          title={!file ? "Choose a file first" : undefined}
          onClick={runPreview}
          data-testid="roster-preview-btn"
        >
          {busy === "preview" ? "Reading…" : "Preview"}
        </button>
      </>
    );

  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => setOpen(true)}
        data-testid={`roster-import-${kind}`}
      >
        <Icon name="import" className="h-4 w-4" />
        {label.button}
      </button>
      <Modal open={open} title={label.title} onClose={close} footer={footer} wide>
        {preview && <RosterPreview kind={kind} p={preview} ack={ack} setAck={setAck} />}
        {/* Kept mounted (hidden) during the preview, so the chosen file survives "Choose another file". */}
        <div className={preview ? "hidden" : "space-y-4"} data-testid="roster-choose">
          <p className="text-sm text-slate-600">
            Upload a CSV or Excel (.xlsx) file with one row per {label.noun}. The{" "}
            {KEY_HEADER[kind].toLowerCase()} is the key: a {label.noun}{" "}
            already registered is updated, any other is created. You see what will change before anything is
            written, and the import is all or nothing.
          </p>
          <p className="text-sm text-slate-600">
            Template with the expected columns:{" "}
            <a
              className="font-medium text-brand-700 underline"
              href={`/api/roster/template?kind=${kind}&format=csv`}
              download
              data-testid="template-csv"
            >
              CSV
            </a>
            {" · "}
            <a
              className="font-medium text-brand-700 underline"
              href={`/api/roster/template?kind=${kind}&format=xlsx`}
              download
              data-testid="template-xlsx"
            >
              Excel
            </a>
          </p>
          <div>
            <label className="field-label" htmlFor={`roster-file-${kind}`}>File</label>
            <input
              id={`roster-file-${kind}`}
              type="file"
              accept={ACCEPT}
              className="field-input file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
              data-testid="roster-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
          </div>
          {error && (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              data-testid="roster-error"
            >
              {error}
            </p>
          )}
        </div>
      </Modal>
    </>
  );
}

reactIsland(RosterImport);
