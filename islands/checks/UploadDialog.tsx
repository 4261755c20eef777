// 'Upload Check (AMZN) Report (.csv)' (03 section 2.1): two files, routed by the station code in the first
// file's name. The server's refusal (naming the file and what is wrong) shows in the dialog.
import { useState } from "react";
import type { CheckUploadDto } from "../../lib/checks/dto.ts";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Modal from "../ui/Modal.tsx";
import Button, { whyNot } from "../ui/Button.tsx";

export default function UploadDialog({ open, onClose, onUploaded }: {
  open: boolean;
  onClose: () => void;
  onUploaded: (out: CheckUploadDto) => void;
}) {
  const [file1, setFile1] = useState<File | null>(null);
  const [file2, setFile2] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  function close() {
    setFile1(null);
    setFile2(null);
    setError("");
    onClose();
  }

  async function submit() {
    if (!file1 || !file2) return;
    const form = new FormData();
    form.append("file1", file1);
    form.append("file2", file2);
    setBusy(true);
    setError("");
    try {
      const out = await api<CheckUploadDto>("/api/upload-check-csv/", {
        method: "POST",
        body: form,
        quiet: true,
      });
      toast("success", "Csv files were uploaded!");
      onUploaded(out);
      close();
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      setError(err && err.status !== 0 ? err.message : "Something was wrong! The server cannot be reached.");
    } finally {
      setBusy(false);
    }
  }

  const file = (label: string, set: (f: File | null) => void, testId: string) => (
    <label className="block">
      <span className="field-label">
        {label} <span aria-hidden="true">*</span>
      </span>
      <input
        type="file"
        accept=".csv,text/csv"
        required
        className="mt-1 block w-full text-sm"
        onChange={(e) => set(e.target.files?.[0] ?? null)}
        data-testid={testId}
      />
    </label>
  );

  return (
    <Modal
      open={open}
      title="Upload Check (AMZN) Report (.csv)"
      onClose={close}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
          <Button
            type="button"
            className="btn-primary"
            disabledReason={whyNot([[!file1, "Choose the first file"], [!file2, "Choose the second file"]])}
            disabled={busy}
            onClick={submit}
            data-testid="check-upload-submit"
          >
            {busy ? "Uploading…" : "Upload"}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-600">
        <p>
          The first file's name says the station (its fifth '_'-separated part, as in
          Quality_DSB_DNR_DSP_DON9_2026-W21.csv); both files must be for that station and week. Either both
          are imported or neither is.
        </p>
        {file("Choose First File", setFile1, "check-file1")}
        {file("Choose Second File (Overview)", setFile2, "check-file2")}
        {error
          ? (
            <p role="alert" className="rounded bg-red-50 p-2 text-red-800" data-testid="check-upload-error">
              {error}
            </p>
          )
          : null}
      </div>
    </Modal>
  );
}
