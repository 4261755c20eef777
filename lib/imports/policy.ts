// Who may import for which station, beyond the permission table: management roles (import.upload), and
// only for a station among the viewer's spots. Pure, so the /import page can show what the API enforces.
import { can } from "../auth/permissions.ts";

export interface ImportViewer {
  role: number | null | undefined;
  stationIds: readonly number[];
}

export const mayImport = (viewer: ImportViewer) => can(viewer.role, "import.upload");

/** May the viewer import a file for this station? */
export function mayImportFor(viewer: ImportViewer, stationId: number): boolean {
  return mayImport(viewer) && viewer.stationIds.includes(stationId);
}

/** Re-run, remove: the same stations rule under import.manage. */
export function mayManage(viewer: ImportViewer, stationId: number): boolean {
  return can(viewer.role, "import.manage") && viewer.stationIds.includes(stationId);
}

/** Create a DA or map an id to one: import.linkDas, at one of the viewer's stations. */
export function mayLinkDas(viewer: ImportViewer, stationId: number): boolean {
  return can(viewer.role, "import.linkDas") && viewer.stationIds.includes(stationId);
}

/** The refusal of an import for a station the viewer lacks (403). */
export const notYourStation = (tag: string) => `You cannot import for station ${tag}`;
