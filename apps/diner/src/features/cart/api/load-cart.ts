import type { LoaderFunctionArgs } from 'react-router';
import { cart as cartApi, promotions } from '@santap/api-client';
import type { EndpointData, RestaurantDetails } from '@santap/api-client';
import { api } from '../../../lib/api';
import type { CartBillData, CartData } from '../../../lib/api-types';
import { buildOrderSession } from '../../../lib/build-order-session';
import { readOrderSession, writeOrderSession } from '../../../lib/order-session';
import type { OrderSession } from '../../../lib/order-session';
import { fetchRestaurant } from '../../../lib/restaurant';
import { storedAuth } from '../../../lib/session';

export type Wallet = EndpointData<typeof promotions.walletAmount>;
export type ReferralDetails = EndpointData<typeof promotions.referralDetails>;

export interface CartLoaderData {
  restaurant: RestaurantDetails;
  cart: CartData;
  bill: CartBillData['bill'];
  session: OrderSession;
  /**
   * Did the diner choose how to order here: the route names the type (`:ot`), or this browser
   * session chose one before? A bare `/cart/:name` opened afresh has the country's default only, and
   * the cart asks 'Please select order type' (spec §5) before an order goes out.
   */
  orderTypeChosen: boolean;
  /** The cashback balance here (0 and `logged_in: false` for a guest); undefined if it failed. */
  wallet: Wallet | undefined;
  /** The logged-in diner's referral standing; undefined for a guest or if it failed. */
  referral: ReferralDetails | undefined;
}

/**
 * `/cart/:name/:ot?/:pickupType?`: the restaurant, the cart and its bill in parallel (the restaurant's
 * details are usually still cached from the menu), the diner's cashback here and referral standing
 * (side calls: a failure leaves its part out instead of failing the page), and the order session of
 * this restaurant (the route's order type wins, as on the menu).
 */
export async function loadCart({ params, request }: LoaderFunctionArgs): Promise<CartLoaderData> {
  const name = params.name ?? '';
  const signal = { signal: request.signal };
  // The route's name is the restaurant's nameid, which is also the cart's scope.
  const loggedIn = storedAuth()?.status === 'ACTIVE';
  const [details, cart, bill, wallet, referral] = await Promise.all([
    fetchRestaurant(name),
    api.call(cartApi.cartGet, { query: { scope: name } }, signal),
    api.call(cartApi.cartBill, { query: { scope: name } }, signal),
    api.call(promotions.walletAmount, { query: { scope: name } }, signal).catch(() => undefined),
    loggedIn
      ? api.call(promotions.referralDetails, {}, signal).catch(() => undefined)
      : Promise.resolve(undefined),
  ]);
  const stored = readOrderSession(details.nameid);
  const session = buildOrderSession({
    stored,
    ot: params.ot,
    pickupType: params.pickupType,
    query: new URL(request.url).searchParams,
    restaurant: details,
    nowEpoch: Math.floor(Date.now() / 1000),
  });
  writeOrderSession(details.nameid, session);
  const orderTypeChosen = params.ot !== undefined || stored !== undefined;
  return { restaurant: details, cart, bill: bill.bill, session, orderTypeChosen, wallet, referral };
}
