// The one upload of the /import dialogs. fetch() cannot report how much of a request body was sent, so
// this uses XMLHttpRequest for the upload's percentage; the answer is read like islands/client/api.ts does.
import { trackLoading } from "../client/toast.ts";
import { percentOf } from "./dialogs.ts";

export type UploadPhase = { phase: "sending"; percent: number } | { phase: "processing" };

export interface UploadAnswer {
  status: number;
  body: Record<string, unknown>;
  /** cancelled before the server answered */
  aborted?: boolean;
}

function send(
  path: string,
  form: FormData,
  onPhase: (p: UploadPhase) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.onabort = () => resolve({ status: 0, body: { detail: "The upload was cancelled." }, aborted: true });
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) =>
      onPhase(
        e.lengthComputable && e.loaded >= e.total
          ? { phase: "processing" }
          : { phase: "sending", percent: percentOf(e.loaded, e.total) },
      );
    // Every byte is sent: from here the server reads, checks and stores the file.
    xhr.upload.onload = () => onPhase({ phase: "processing" });
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        body = { detail: xhr.responseText };
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () =>
      resolve({ status: 0, body: { detail: "The server cannot be reached. Check your connection." } });
    onPhase({ phase: "sending", percent: 0 });
    xhr.send(form);
  });
}

/**
 * Posts the form with progress. A 401 gets one session refresh and a retry (as api.ts does); when that
 * fails too the session is over and the browser goes back to the sign-in page.
 */
export async function uploadWithProgress(
  path: string,
  form: FormData,
  onPhase: (p: UploadPhase) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  trackLoading(1);
  try {
    let answer = await send(path, form, onPhase, signal);
    if (answer.status === 401) {
      const again = await fetch("/api/auth/session/refresh/", { method: "POST", credentials: "same-origin" });
      if (again.ok) answer = await send(path, form, onPhase, signal);
      if (answer.status === 401) window.location.assign("/");
    }
    return answer;
  } finally {
    trackLoading(-1);
  }
}
