/** Paths a cart may lead to without the exit prompt (spec §2 exit page): the journey itself. */
const JOURNEY = [
  '/r/',
  '/cart/',
  '/payments',
  '/payment',
  '/login',
  '/signup',
  '/orderstatus',
  '/orderSummary',
];

/** Whether leaving the cart for `pathname` stays in the ordering journey (no exit prompt). */
export const inCartJourney = (pathname: string) => JOURNEY.some((prefix) => pathname.startsWith(prefix));
