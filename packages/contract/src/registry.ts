import * as account from './account';
import * as audit from './audit';
import * as auth from './auth';
import * as cart from './cart';
import type { Endpoint } from './endpoint';
import * as invoices from './invoices';
import * as kiosk from './kiosk';
import * as orders from './orders';
import * as payments from './payments';
import * as promotions from './promotions';
import * as reservations from './reservations';
import * as restaurants from './restaurants';
import * as reviews from './reviews';
import * as staff from './staff';
import * as tableRequests from './table-requests';
import * as tabs from './tabs';

function endpointsOf(module: Record<string, unknown>): Endpoint[] {
  return Object.values(module).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'data' in value,
  );
}

/** Every endpoint of the API, for the server's routes and the OpenAPI document. */
export const allEndpoints: readonly Endpoint[] = [
  ...endpointsOf(restaurants),
  ...endpointsOf(cart),
  ...endpointsOf(orders),
  ...endpointsOf(auth),
  ...endpointsOf(staff),
  ...endpointsOf(payments),
  ...endpointsOf(promotions),
  ...endpointsOf(invoices),
  ...endpointsOf(account),
  ...endpointsOf(reviews),
  ...endpointsOf(reservations),
  ...endpointsOf(kiosk),
  ...endpointsOf(tableRequests),
  ...endpointsOf(tabs),
  ...endpointsOf(audit),
];
