/**
 * Graph API versions and when Meta ends each (developers.facebook.com/docs/graph-api/changelog/versions:
 * a version lives about two years; after its end date a call naming it is answered with the oldest
 * version still available, or refused). The WhatsApp Cloud API's URL names its version
 * (`WHATSAPP_API_VERSION`), so a server warns at start when the one it uses is about to end.
 */

/** Known versions and the last day Meta serves each (`null`: not announced yet). Add a row per release. */
export const GRAPH_API_VERSIONS: Readonly<Record<string, { released: string; endsOn: string | null }>> = {
  'v19.0': { released: '2024-01-23', endsOn: '2026-05-21' },
  'v20.0': { released: '2024-05-21', endsOn: '2026-09-24' },
  'v21.0': { released: '2024-10-02', endsOn: '2027-01-21' },
  'v22.0': { released: '2025-01-21', endsOn: '2027-05-20' },
  'v23.0': { released: '2025-05-29', endsOn: '2027-10-08' },
  'v24.0': { released: '2025-10-08', endsOn: '2028-02-18' },
  'v25.0': { released: '2026-02-18', endsOn: '2028-07-29' },
  'v26.0': { released: '2026-07-29', endsOn: null },
};

/** The version a server uses unless `WHATSAPP_API_VERSION` names another: current, and served until July 2028. */
export const WHATSAPP_DEFAULT_VERSION = 'v25.0';

/** How long before a version's end the start-up warns. */
export const GRAPH_VERSION_WARN_DAYS = 60;

/** `v25.0`: what `WHATSAPP_API_VERSION` must look like. */
export const GRAPH_VERSION_PATTERN = /^v\d{1,3}\.\d$/;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What to say at start about `version` on `now`: nothing for a version well inside its life (or
 * newer than this table), a warning from {@link GRAPH_VERSION_WARN_DAYS} days before its end, an
 * error once it has ended (Meta may answer with another version or refuse).
 *
 * @example graphVersionNotice('v21.0', new Date('2026-12-07')) // { level: 'warn', days: 46, endsOn: '2027-01-21', … }
 */
export function graphVersionNotice(
  version: string,
  now: Date,
): { level: 'warn' | 'error'; days: number; endsOn: string; message: string } | undefined {
  const endsOn = GRAPH_API_VERSIONS[version]?.endsOn;
  if (!endsOn) return undefined;
  // The end date is the last day served, in UTC.
  const days = Math.ceil((Date.parse(`${endsOn}T00:00:00Z`) + DAY_MS - now.getTime()) / DAY_MS);
  if (days > GRAPH_VERSION_WARN_DAYS) return undefined;
  const advice = `set WHATSAPP_API_VERSION to a version Meta serves longer (this server's default is ${WHATSAPP_DEFAULT_VERSION}) after reading its changelog`;
  return days <= 0
    ? {
        level: 'error',
        days,
        endsOn,
        message: `WhatsApp Graph API ${version} ended on ${endsOn}: sends may be refused; ${advice}`,
      }
    : {
        level: 'warn',
        days,
        endsOn,
        message: `WhatsApp Graph API ${version} ends on ${endsOn} (in ${days} days); ${advice}`,
      };
}
