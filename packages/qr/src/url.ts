/**
 * The slice of the WHATWG `URL` global this package reads. The `library` tsconfig has no DOM lib and
 * no Node types, so the constructor is taken from `globalThis` under this local type instead of an
 * ambient `declare var URL`: an ambient declaration would clash with the DOM / Node declarations of
 * the apps and the server that compile these sources.
 */
interface WhatwgUrl {
  readonly protocol: string;
  readonly pathname: string;
  readonly search: string;
  readonly searchParams: {
    get(name: string): string | null;
    getAll(name: string): string[];
    has(name: string): boolean;
  };
}

/** A parsed link: its path, its raw query (`?a=1` or `''`) and its query parameters. */
export type QrUrl = WhatwgUrl;

type UrlConstructor = new (input: string, base?: string) => WhatwgUrl;

const WhatwgUrlConstructor = (globalThis as unknown as { URL: UrlConstructor }).URL;

/** Relative texts resolve against this; its host is never read. */
const PLACEHOLDER_BASE = 'https://santap.invalid';

/** Longer texts are not ours (a QR of version 40 holds at most about 4 kB). */
const MAX_TEXT_LENGTH = 2048;

const ABSOLUTE_HTTP = /^https?:\/\//i;
/** `santap.my/...` or `localhost:3000/...` printed without a scheme. */
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?(\/|$)/i;

/**
 * Reads scanned or linked text as a URL: absolute http(s) on any host, a bare host without scheme, or
 * a path starting with `/`. Anything else (other schemes, free text) is `null`. Never throws.
 */
export function readUrl(text: string): QrUrl | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_TEXT_LENGTH) return null;
  let input: string;
  if (trimmed.startsWith('/')) input = trimmed;
  else if (ABSOLUTE_HTTP.test(trimmed)) input = trimmed;
  else if (BARE_HOST.test(trimmed)) input = `https://${trimmed}`;
  else return null;
  try {
    const url = new WhatwgUrlConstructor(input, PLACEHOLDER_BASE);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The single value of a query parameter: `undefined` when absent, `null` when repeated (a repeated
 * key is refused so that no two readers can disagree on which copy counts).
 */
export function singleParam(url: QrUrl, name: string): string | undefined | null {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) return null;
  return values[0];
}

/** Splits a pathname into decoded segments; `null` when a segment's percent-encoding is malformed. */
export function pathSegments(pathname: string): string[] | null {
  const raw = pathname.split('/').slice(1);
  // A trailing slash (`/fc/sunway/`) leaves one empty segment at the end: same page.
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  try {
    return raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}
