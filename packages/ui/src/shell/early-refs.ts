/**
 * One copy of a page's data (apps/diner README "Server rendering"): a loader's value the server finds
 * identical to the data of one of the page's early replies (the menu: 200 KB on a 200-dish menu) goes
 * into the hydration block as `{ "$early": "<reply key>" }`, not as a second copy; the browser puts
 * the reply's data back before it hydrates. Only the top-level fields of each route's data are looked
 * at: the loaders return their replies' data as named fields. Equal means equal but for the order of
 * object keys (the API's JSON columns keep PostgreSQL's order, the client's parse the schema's; no
 * screen depends on it): anything a parse added, dropped or changed keeps the copy.
 */

/** The marker's only key. */
export const EARLY_REF = '$early';

/** The early replies' envelopes by key (`replies` of the page's `st-early` block). */
export type EarlyReplyRecord = Readonly<Record<string, unknown>>;

type LoaderData = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with every object's keys sorted: the same text for the same data in any key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function mapFields(loaderData: LoaderData, map: (item: unknown) => unknown): LoaderData {
  return Object.fromEntries(
    Object.entries(loaderData).map(([route, data]) => [
      route,
      isRecord(data)
        ? Object.fromEntries(Object.entries(data).map(([field, item]) => [field, map(item)]))
        : data,
    ]),
  );
}

/** The server's side: `loaderData` with each field equal to a reply's `data` as a marker. */
export function shareEarlyReplies(loaderData: LoaderData, replies: EarlyReplyRecord | undefined): LoaderData {
  const keyOf = new Map<string, string>();
  for (const [key, reply] of Object.entries(replies ?? {})) {
    const data = isRecord(reply) ? reply.data : undefined;
    if (typeof data === 'object' && data !== null) keyOf.set(canonical(data), key);
  }
  if (keyOf.size === 0) return loaderData;
  return mapFields(loaderData, (item) => {
    if (typeof item !== 'object' || item === null) return item;
    const json = canonical(item);
    const key = keyOf.get(json);
    // A marker longer than the data it stands for saves nothing.
    return key === undefined || key.length + EARLY_REF.length + 8 >= json.length
      ? item
      : { [EARLY_REF]: key };
  });
}

/**
 * The browser's side: the markers replaced by their replies' data; undefined when one names a reply
 * the page does not hold (then the page is rendered in the browser, as for any page it cannot trust).
 */
export function resolveEarlyReplies(
  loaderData: LoaderData,
  replies: EarlyReplyRecord | undefined,
): LoaderData | undefined {
  let missing = false;
  const resolved = mapFields(loaderData, (item) => {
    if (!isRecord(item) || Object.keys(item).length !== 1 || typeof item[EARLY_REF] !== 'string') return item;
    const reply = replies?.[item[EARLY_REF]];
    if (!isRecord(reply) || reply.data === undefined) {
      missing = true;
      return item;
    }
    return reply.data;
  });
  return missing ? undefined : resolved;
}
