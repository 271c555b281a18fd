/** A list's query string; empty filters (undefined, null, '') are left out. */
export function queryString(query: object): string {
  return new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
}
