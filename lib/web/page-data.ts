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
