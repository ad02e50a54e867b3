import type { LoaderFunctionArgs } from 'react-router';
import { AuthRequired, promotions } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { api } from '../../../lib/api';
import { requireLogin, toLogin } from './require-login';

export type LoyaltyData = EndpointData<typeof promotions.userLoyalty>;
export type LoyaltyAccount = LoyaltyData['accounts'][number];
export type SavingTotals = EndpointData<typeof promotions.earningSavingTotal>['totals'];
export type ReferralCode = EndpointData<typeof promotions.referrerCode>;
export type ReferralDetails = EndpointData<typeof promotions.referralDetails>;

export type LoyaltyPageData =
  | {
      kind: 'ready';
      accounts: LoyaltyAccount[];
      totals: SavingTotals;
      referral: ReferralCode;
      details: ReferralDetails;
    }
  | { kind: 'error'; error: unknown };

/**
 * `/newLoyalty`: the diner's cashback per restaurant and food court with its history, what they earned
 * and saved, and their referral code (created on first ask) with the offer a friend gets.
 */
export async function loadLoyalty({ request }: LoaderFunctionArgs): Promise<LoyaltyPageData> {
  requireLogin(request);
  const options = { signal: request.signal };
  try {
    const [loyalty, savings, referral, details] = await Promise.all([
      api.call(promotions.userLoyalty, { query: {} }, options),
      api.call(promotions.earningSavingTotal, {}, options),
      api.call(promotions.referrerCode, {}, options),
      api.call(promotions.referralDetails, {}, options),
    ]);
    return { kind: 'ready', accounts: loyalty.accounts, totals: savings.totals, referral, details };
  } catch (error) {
    if (error instanceof AuthRequired) throw toLogin(request);
    return { kind: 'error', error };
  }
}
