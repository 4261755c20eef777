// Phone width, as the grid's `max-md:hidden` reads it (Tailwind's md: 48rem). False on the server and at
// hydration, so the server's HTML and the first client render agree; the phone cards follow at once.
import { useSyncExternalStore } from "react";

const QUERY = "(max-width: 47.99rem)";

function subscribe(onChange: () => void): () => void {
  const mq = matchMedia(QUERY);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(QUERY).matches, () => false);
}
