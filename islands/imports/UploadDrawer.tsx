import Drawer from "../ui/Drawer.tsx";
import Icon from "../ui/Icon.tsx";
import { type DialogInfo, PAGE_DIALOGS } from "./dialogs.ts";

const BADGE: Record<string, string> = {
  ".pdf": "PDF",
  ".csv": "CSV",
  ".xlsx": "XLSX",
};

/** 'Upload Report': the five upload dialogs of 01 "Import page", one entry each. */
export default function UploadDrawer({ open, onClose, onPick }: {
  open: boolean;
  onClose: () => void;
  onPick: (d: DialogInfo) => void;
}) {
  return (
    <Drawer open={open} title="Upload Report" onClose={onClose}>
      <p className="text-sm text-slate-600">
        Choose what you are uploading. The station and week are read from the file.
      </p>
      <ul className="space-y-2" data-testid="upload-drawer">
        {PAGE_DIALOGS.map((d) => (
          <li key={d.dialog}>
            <button
              type="button"
              className="group flex w-full items-start gap-3 rounded-lg border border-slate-200 bg-white px-3 py-3 text-left transition hover:border-brand-500 hover:bg-brand-50"
              onClick={() => onPick(d)}
              data-testid={`open-dialog-${d.dialog}`}
            >
              <span className="mt-0.5 rounded-md bg-slate-100 p-1.5 text-slate-600 group-hover:bg-white group-hover:text-brand-600">
                <Icon name="import" className="h-4 w-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{d.title}</span>
                  <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] font-semibold text-slate-600">
                    {d.accept ? BADGE[d.accept] : "PDF · XLSX"}
                  </span>
                </span>
                <span className="mt-0.5 block text-xs text-slate-500">{d.hint}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
