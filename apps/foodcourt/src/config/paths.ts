/**
 * Typed builders for the food court's routes. Every page lives under `/fc/{mall}` (the payment
 * gateway returns to `/fc/{mall}/payment/response`); on a mall host (`mall-demo.santap.my`) the same
 * pages also answer at the root, so links there leave the `/fc/{mall}` prefix out.
 */
const enc = encodeURIComponent;

let hostMall: string | undefined;

/** The mall named by this page's host, if any (set once at start-up: `mallOfHost`). */
export function setHostMall(mall: string | undefined) {
  hostMall = mall;
}

/** The mall of this page's host, or undefined on any other host. */
export const hostMallName = (): string | undefined => hostMall;

/** Where the pages of `mall` live: `''` on the mall's own host, else `/fc/{mall}`. */
export function mallBase(mall: string): string {
  return hostMall === mall ? '' : `/fc/${enc(mall)}`;
}

/** `here` (a path of this app) spelt under `/fc/{mall}`, as it is on any host. */
function underFc(mall: string, here: string): string {
  if (here === '/fc' || here.startsWith('/fc/') || here.startsWith('/fc?')) return here;
  return `/fc/${enc(mall)}${here.startsWith('/?') ? here.slice(1) : here === '/' ? '' : here}`;
}

export const paths = {
  mall: (mall: string) => mallBase(mall) || '/',
  outlet: (mall: string, outlet: string) => `${mallBase(mall)}/r/${enc(outlet)}`,
  cart: (mall: string) => `${mallBase(mall)}/cart`,
  pay: (mall: string, fcOrderId: number) => `${mallBase(mall)}/pay/${fcOrderId}`,
  paymentResponse: (mall: string, query: Record<string, string | number>) =>
    `${mallBase(mall)}/payment/response?${new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    ).toString()}`,
  order: (mall: string, fcOrderId: number) => `${mallBase(mall)}/order/${fcOrderId}`,
  outletOrder: (mall: string, fcOrderId: number, orderId: number) =>
    `${mallBase(mall)}/order/${fcOrderId}/${orderId}`,
  /**
   * The diner app's login (same origin: the server serves it at `/login` of a mall host too), which
   * comes back to `here` (this page's path and query) afterwards. The way back is always spelt under
   * `/fc/{mall}`: the login is another app, which loads `/fc/…` paths as a page of the food court
   * (a bare `/cart` would be the diner app's own cart); the food court answers `/fc/{mall}/…` on the
   * mall's host as well, with the same cart token cookie.
   */
  login: (mall: string, here: string) =>
    `/login?${new URLSearchParams({ path: underFc(mall, here) }).toString()}`,
} as const;
