// Big initial data for an island as one JSON script instead of island props. Astro writes props into an
// HTML attribute with a type tag around every value (about twice the JSON) and the island must then render
// the whole grid on the server too: for a 200-person schedule week that was 2 MB of HTML and most of the
// page's time. The page embeds the JSON once; the island renders it right after hydration
// (islands/client/page-data.ts reads it).

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators that end strings. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

/**
 * A value an island's server render reads but Astro does not copy into the island's props attribute: its
 * props serializer walks own enumerable properties only, and `value` is not one. The island renders it on
 * the server and, after hydration, reads the same data from the page's JSON script (PageData.astro), so
 * a 150-row tracker is rendered on the server and sent once (as JSON), not twice.
 */
export interface ServerOnly<T> {
  readonly value?: T;
}

export function serverOnly<T>(value: T): ServerOnly<T> {
  return Object.defineProperty({}, "value", { value, enumerable: false });
}
