/** A country Santap serves (spec §1): Malaysia or Indonesia. */
export type Country = 'MY' | 'ID';

/** The currency of a {@link Country} (spec §9: "Rp or RM"). */
export type Currency = 'MYR' | 'IDR';

/** Every {@link Country}, in a stable order. */
export const COUNTRIES = ['MY', 'ID'] as const satisfies readonly Country[];

/** Where `/` sends a visitor (spec §2): the Indonesian marketing site or the global one. */
export type MarketingSite = 'id' | 'global';

/** The host's last label that names each country (`santap.my`, `order.santap.id`, `x.co.id`). */
const COUNTRY_BY_TOP_LEVEL_LABEL: Readonly<Record<string, Country>> = { my: 'MY', id: 'ID' };

/**
 * The four Indonesian IANA zones (WIB, WIB-Kalimantan, WITA, WIT), plus `Asia/Ujung_Pandang`, the
 * legacy alias of Makassar that older systems still report.
 */
const INDONESIAN_TIME_ZONES: ReadonlySet<string> = new Set([
  'Asia/Jakarta',
  'Asia/Pontianak',
  'Asia/Makassar',
  'Asia/Jayapura',
  'Asia/Ujung_Pandang',
]);

/** Is `value` a {@link Country}? */
export function isCountry(value: unknown): value is Country {
  return value === 'MY' || value === 'ID';
}

/**
 * The country of a host name, from its last label (spec §1: "The country is taken from the last part
 * of the host name").
 *
 * Case-insensitive; a port and a trailing dot are ignored. Hosts with no country label give `fallback`:
 * `localhost` and `*.localhost`, IPv4 and IPv6 addresses (bracketed or bare), single-label hosts,
 * unknown top-level labels, and empty or missing input. Never throws.
 *
 * @example
 * ```ts
 * countryFromHost('order.santap.id', 'MY'); // 'ID'
 * countryFromHost('SANTAP.MY:8443', 'ID'); // 'MY'
 * countryFromHost('x.co.id', 'MY'); // 'ID'
 * countryFromHost('localhost:5173', 'ID'); // 'ID' (fallback)
 * countryFromHost('[::1]:3000', 'MY'); // 'MY' (fallback)
 * ```
 */
export function countryFromHost(host: string | null | undefined, fallback: Country): Country {
  if (typeof host !== 'string') return fallback;
  let name = host.trim().toLowerCase();
  // Bracketed IPv6 (`[::1]:3000`) or bare IPv6 (`::1`, `fe80::1`): an address has no country.
  if (name.startsWith('[') || name.split(':').length > 2) return fallback;
  name = name.replace(/:\d*$/, '').replace(/\.$/, '');
  const labels = name.split('.');
  // A single label (`my`, `intranet`) is not a domain under a country's top-level label.
  if (labels.length < 2) return fallback;
  const last = labels[labels.length - 1] ?? '';
  return COUNTRY_BY_TOP_LEVEL_LABEL[last] ?? fallback;
}

/**
 * The currency a country's prices are in (spec §9).
 *
 * @example
 * ```ts
 * currencyFor('ID'); // 'IDR'
 * ```
 */
export function currencyFor(country: Country): Currency {
  return country === 'ID' ? 'IDR' : 'MYR';
}

/**
 * Which marketing site `/` redirects to (spec §2): visitors whose time zone is one of Indonesia's
 * (Jakarta, Pontianak, Makassar, Jayapura) go to the Indonesian site; every other zone, and an empty
 * or unknown one, to the global site. The comparison is exact (IANA names are case-sensitive).
 *
 * @example
 * ```ts
 * marketingSiteFor('Asia/Makassar'); // 'id'
 * marketingSiteFor('Asia/Kuala_Lumpur'); // 'global'
 * ```
 */
export function marketingSiteFor(timeZone: string | null | undefined): MarketingSite {
  return typeof timeZone === 'string' && INDONESIAN_TIME_ZONES.has(timeZone) ? 'id' : 'global';
}
