import type { SavingsTotal } from '@santap/ui';
import type { SavingTotals } from '../api/load-loyalty';

/** The 'earning and saving total' reply in the shape of the savings summary of `@santap/ui`. */
export function savingsTotalsOf(totals: SavingTotals): SavingsTotal[] {
  return totals.map((total) => ({
    currency: total.currency,
    earnedCashback: total.earned_cashback,
    savedCoupons: total.saved_coupons,
    savedReferral: total.saved_referral,
    savedCashback: total.saved_cashback,
    total: total.earning_and_saving_total,
  }));
}
