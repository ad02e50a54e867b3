import { useState } from 'react';
import { AuthRequired, promotions } from '@santap/api-client';
import { formatMoney } from '@santap/domain';
import { Button, LoyaltyPopup, ReferralInfoPopup } from '@santap/ui';
import type { UiMessage } from '@santap/ui';
import { api } from '../../../lib/api';
import type { BillData } from '../../../lib/api-types';
import { useT } from '../../../lib/use-t';
import type { ReferralDetails, Wallet } from '../api/load-cart';
import { uiMessageOf } from '@santap/web';

export interface CartOffersProps {
  scope: string;
  /** The cashback balance here (`promotions.walletAmount`); undefined when it could not be read. */
  wallet: Wallet | undefined;
  /** The diner's referral standing (`promotions.referralDetails`); undefined for a guest. */
  referral: ReferralDetails | undefined;
  /** Cashback the cart's bill spends now (its `bill.discount.loyalty` line), minor units. */
  cashbackOnBill: number;
  /** Whether the cart's cashback switch is on. */
  useLoyalty: boolean;
  onUseLoyaltyChange: (use: boolean) => void;
  /** A new bill from the server (the cashback switch's reply). */
  onBill: (bill: BillData) => void;
  /** The bill changed on the server (a referral code was applied): read it again. */
  onBillStale: () => void;
  onLogin: () => void;
  /** A guest's friend's code: on to the signup, which applies it once the account is made. */
  onSignupWithCode: (code: string) => void;
}

/**
 * The cart's offers beside the coupon: loyalty cashback (the balance here and 'Use cashback' through
 * the LoyaltyPopup, a login prompt for a guest) and referral info (what a friend's code takes off a
 * first order 'up to', with a field for the code while the diner may still apply one; a guest's code
 * goes on to the signup, which applies it to the new account).
 */
export function CartOffers({
  scope,
  wallet,
  referral,
  cashbackOnBill,
  useLoyalty,
  onUseLoyaltyChange,
  onBill,
  onBillStale,
  onLogin,
  onSignupWithCode,
}: CartOffersProps) {
  const { t, language } = useT();
  const [open, setOpen] = useState<'loyalty' | 'referral' | undefined>();
  const [loyaltyError, setLoyaltyError] = useState<UiMessage | undefined>();
  const [referralError, setReferralError] = useState<UiMessage | undefined>();
  const [applying, setApplying] = useState(false);
  const [appliedCode, setAppliedCode] = useState<string | undefined>();
  const loggedIn = wallet?.logged_in ?? false;
  const currency = wallet?.currency ?? referral?.offer.currency ?? 'MYR';
  const offer = referral?.offer ?? wallet?.referral_offer;
  // A logged-in diner may apply a code until one is used or a first order is placed; a guest may sign up with one.
  const mayApply = referral ? referral.referee.can_apply : !loggedIn && offer !== undefined;

  const changeLoyalty = async (use: boolean) => {
    setLoyaltyError(undefined);
    onUseLoyaltyChange(use);
    try {
      const reply = await api.call(promotions.cartLoyaltyUpdate, { body: { scope, use_loyalty: use } });
      onBill(reply.bill);
    } catch (error) {
      onUseLoyaltyChange(!use);
      if (error instanceof AuthRequired) onLogin();
      else setLoyaltyError(uiMessageOf(error));
    }
  };

  const applyReferral = async (code: string) => {
    setReferralError(undefined);
    if (!referral) {
      onSignupWithCode(code);
      return;
    }
    setApplying(true);
    try {
      await api.call(promotions.referralApply, { body: { referral_code: code } });
      setAppliedCode(code);
      onBillStale();
    } catch (error) {
      if (error instanceof AuthRequired) onLogin();
      else setReferralError(uiMessageOf(error));
    } finally {
      setApplying(false);
    }
  };

  const money = (amount: number) => formatMoney(amount, currency, language);

  return (
    <section className="dn-cart-offers" aria-label={t('ui.loyalty.title')}>
      <div className="dn-cart-offer">
        {loggedIn && wallet ? (
          <p className="dn-muted">
            {cashbackOnBill > 0
              ? t('cart.cashback.applied', { amount: money(cashbackOnBill) })
              : t('cart.cashback.balance', { amount: money(wallet.balance) })}
          </p>
        ) : (
          <p className="dn-muted">{t('cart.cashback.guest')}</p>
        )}
        <Button
          variant="secondary"
          icon="gift"
          onClick={() => {
            setLoyaltyError(undefined);
            setOpen('loyalty');
          }}
        >
          {t('cart.cashback.open')}
        </Button>
      </div>
      {offer ? (
        <Button
          variant="ghost"
          icon="info"
          onClick={() => {
            setReferralError(undefined);
            setOpen('referral');
          }}
        >
          {t('cart.referral.open', {
            amount: formatMoney(offer.discount_up_to, offer.currency, language),
          })}
        </Button>
      ) : null}

      <LoyaltyPopup
        open={open === 'loyalty'}
        onClose={() => setOpen(undefined)}
        currency={currency}
        balance={wallet?.balance}
        {...(wallet?.loyalty
          ? { earnRateBps: wallet.loyalty.percent_bps, minOrder: wallet.loyalty.min_order }
          : {})}
        applied={useLoyalty}
        onApplyChange={(use) => void changeLoyalty(use)}
        loggedIn={loggedIn}
        onLogin={onLogin}
        {...(loyaltyError ? { error: loyaltyError } : {})}
      />
      {offer ? (
        <ReferralInfoPopup
          open={open === 'referral'}
          onClose={() => setOpen(undefined)}
          currency={offer.currency}
          maxDiscount={offer.discount_up_to}
          {...(mayApply || appliedCode
            ? { onApplyCode: (code: string) => void applyReferral(code), applying }
            : {})}
          {...(appliedCode ? { appliedCode } : {})}
          {...(referralError ? { error: referralError } : {})}
        />
      ) : null}
    </section>
  );
}
