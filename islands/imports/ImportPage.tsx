// The /import screen (01 "Import page"): the PDF / CSV import history (server-paged, query in the URL,
// first page rendered by the server), the 'Upload Report' drawer with its five dialogs, and a row's detail.
import { useState } from "react";
import type { ImportFamily, ImportOutcomeDto, ImportRowDto } from "../../lib/imports/dto.ts";
import Pager from "../ui/Pager.tsx";
import Icon from "../ui/Icon.tsx";
import { type PagedData, useList } from "../client/useList.ts";
import type { DialogInfo } from "./dialogs.ts";
import HistoryTable from "./HistoryTable.tsx";
import UploadDrawer from "./UploadDrawer.tsx";
import UploadDialog from "./UploadDialog.tsx";
import ImportDetail from "./ImportDetail.tsx";
import { reactIsland } from "../ui/island.ts";

export const IMPORT_DEFAULTS: Record<string, string> = { family: "pdf", page: "1", page_size: "10" };

const FAMILIES: { value: ImportFamily; label: string; title: string }[] = [
  { value: "pdf", label: "PDF", title: "Scorecard and reliability PDFs" },
  { value: "csv", label: "CSV", title: "CSV and XLSX files" },
];

export default function ImportPage({ timeZone, canUpload, canManage, canLink, initialQuery, initialData }: {
  timeZone: string;
  canUpload: boolean;
  canManage: boolean;
  canLink: boolean;
  initialQuery: Record<string, string>;
  initialData: PagedData<ImportRowDto> | null;
}) {
  const list = useList<ImportRowDto>("/api/imports/", IMPORT_DEFAULTS, {
    query: initialQuery,
    data: initialData,
  });
  const [drawer, setDrawer] = useState(false);
  const [dialog, setDialog] = useState<DialogInfo | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const family = (list.query.family === "csv" ? "csv" : "pdf") as ImportFamily;

  function imported(o: ImportOutcomeDto) {
    // Show the file where it landed: its family's history, first page (newest first). A new query object
    // reloads even when family and page are already those.
    list.setQuery({ family: o.import.family });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm"
          role="group"
          aria-label="History"
          data-testid="family-toggle"
        >
          {FAMILIES.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={family === f.value}
              title={f.title}
              className={`rounded-md px-4 py-1.5 text-sm font-medium transition ${
                family === f.value ? "bg-brand-600 text-white shadow-sm" : "text-slate-600 hover:bg-slate-100"
              }`}
              onClick={() => family !== f.value && list.setQuery({ family: f.value })}
              data-testid={`family-${f.value}`}
            >
              {f.label}
            </button>
          ))}
        </div>
        {canUpload
          ? (
            <button
              type="button"
              className="btn-primary"
              onClick={() => setDrawer(true)}
              data-testid="upload-report"
            >
              <Icon name="import" className="h-4 w-4" />
              Upload Report
            </button>
          )
          : null}
      </div>
      <section className="card overflow-hidden" aria-label={`${family.toUpperCase()} import history`}>
        <div className="flex items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
          <h2 className="text-sm font-semibold text-slate-900">
            {family === "pdf" ? "PDF history" : "CSV history"}
          </h2>
          <span className="text-xs text-slate-500">
            {family === "pdf" ? "Scorecard and reliability PDFs" : "Weekly CSV, DNR and spreadsheet files"}
          </span>
        </div>
        <HistoryTable
          rows={list.data.results}
          state={list.state}
          timeZone={timeZone}
          onOpen={setOpenId}
          onRetry={list.reload}
        />
        <div className="border-t border-slate-200">
          <Pager
            page={Number(list.query.page) || 1}
            pageSize={Number(list.query.page_size) || 10}
            count={list.data.count}
            onPage={(p) => list.setQuery({ page: String(p) })}
            onPageSize={(s) => list.setQuery({ page_size: String(s) })}
          />
        </div>
      </section>
      <UploadDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        onPick={(d) => {
          setDrawer(false);
          setDialog(d);
        }}
      />
      <UploadDialog
        info={dialog}
        onClose={() => setDialog(null)}
        onImported={imported}
        onOpenImport={setOpenId}
      />
      <ImportDetail
        id={openId}
        timeZone={timeZone}
        canManage={canManage}
        canLink={canLink}
        onClose={() => setOpenId(null)}
        onOpen={setOpenId}
        onChanged={list.reload}
        onRemoved={(id) => {
          setOpenId(null);
          list.remove(id);
          list.reload();
        }}
      />
    </div>
  );
}

reactIsland(ImportPage);
