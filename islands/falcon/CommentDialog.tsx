// Falcon's comment dialog (03 2.8): a textarea of 6 to 8 rows and the match flag as two exclusive
// toggles, Yes (1, green) and No (2, red); pressing the one set clears it (0).
import { useEffect, useState } from "react";
import type { CommentDto } from "../../lib/falcon/dto.ts";
import { toggleMatch } from "../../lib/falcon/calc.ts";
import { MAX_COMMENT } from "../../lib/falcon/inputs.ts";
import { formatDate } from "../../lib/dates/format.ts";
import Modal from "../ui/Modal.tsx";
import Button from "../ui/Button.tsx";

export default function CommentDialog({ date, comment, readOnly, onClose, onSave }: {
  /** The day, or null while closed. */
  date: string | null;
  comment: CommentDto | undefined;
  readOnly: boolean;
  onClose: () => void;
  onSave: (text: string, match: number) => Promise<void>;
}) {
  const [text, setText] = useState("");
  const [match, setMatch] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setText(comment?.report_comment ?? "");
    setMatch(comment?.is_match ?? 0);
  }, [date, comment]);
  async function save() {
    setBusy(true);
    try {
      await onSave(text, match);
      onClose();
    } catch {
      // the error toast is the client's; the dialog stays open with what was typed
    } finally {
      setBusy(false);
    }
  }
  const toggle = (value: 1 | 2, label: string, on: string) => (
    <button
      type="button"
      aria-pressed={match === value}
      disabled={readOnly}
      className={`rounded-md border px-4 py-1.5 text-sm font-medium ${
        match === value ? on : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
      }`}
      onClick={() => setMatch(toggleMatch(match, value))}
      data-testid={`falcon-match-${value === 1 ? "yes" : "no"}`}
    >
      {label}
    </button>
  );
  return (
    <Modal
      open={date !== null}
      title={date ? `Comment for ${formatDate(date)}` : "Comment"}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>Cancel</button>
          {readOnly ? null : (
            <Button
              className="btn-primary"
              disabled={busy}
              onClick={save}
              data-testid="falcon-comment-save"
            >
              Save
            </Button>
          )}
        </>
      }
    >
      <label className="block text-sm font-medium text-slate-700" htmlFor="falcon-comment">Comment</label>
      <textarea
        id="falcon-comment"
        className="field-input mt-1 w-full"
        rows={7}
        maxLength={MAX_COMMENT}
        value={text}
        readOnly={readOnly}
        onChange={(e) => setText(e.target.value)}
        data-testid="falcon-comment-text"
      />
      <div className="mt-3 flex items-center gap-2" role="group" aria-label="Does the actual match the plan?">
        <span className="text-sm text-slate-600">Matches the plan?</span>
        {toggle(1, "Yes", "border-emerald-600 bg-emerald-600 text-white")}
        {toggle(2, "No", "border-red-600 bg-red-600 text-white")}
      </div>
    </Modal>
  );
}
