export type ToastKind = "success" | "error" | "warning" | "info";
export interface ToastEvent {
  kind: ToastKind;
  message: string;
}

/** Toasts last 4 seconds (01 section 9). */
export const TOAST_MS = 4000;

export function toast(kind: ToastKind, message: string): void {
  window.dispatchEvent(new CustomEvent<ToastEvent>("app:toast", { detail: { kind, message } }));
}

/** A toast that survives the next page load (e.g. 'Welcome!' after sign-in redirects). */
export function toastAfterNavigation(kind: ToastKind, message: string): void {
  sessionStorage.setItem("app:toast", JSON.stringify({ kind, message }));
}

let inFlight = 0;
export function trackLoading(delta: 1 | -1): void {
  inFlight = Math.max(0, inFlight + delta);
  window.dispatchEvent(new CustomEvent("app:loading", { detail: inFlight > 0 }));
}
