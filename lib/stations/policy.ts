// Pure rules of station spots, shared by the spot writers and the screens that edit spots.

/** The station ids used more than once in a list of spots (a person has at most one spot per station). */
export function duplicateStations(spots: readonly { station: number }[]): number[] {
  const seen = new Set<number>();
  const dup = new Set<number>();
  for (const s of spots) (seen.has(s.station) ? dup : seen).add(s.station);
  return [...dup];
}
