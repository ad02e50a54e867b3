import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { moneyInputText, parseMoneyInput } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { Button, TextField, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { newIdempotencyKey, useMoney } from '../../../lib/use-money';
import type { TabCashReply } from '../hooks/use-open-tabs';
import type { TabView } from '../lib/types';
// The till's form pieces (method choices, actions, errors), shared with the counter's payment.
import '../../../components/desk.css';

type Method = 'Cash' | 'Card';

export interface TakeRestProps {
  tab: TabView;
  /** `staff.tabCash`: a counter share paid at once. */
  onTake: (
    tabId: number,
    body: { method: Method; amount?: number },
    idempotencyKey: string,
  ) => Promise<TabCashReply>;
  /** False while offline (with its toast): nothing is sent. */
  guard: () => boolean;
}

/**
 * 'Take the rest' (apps/api docs/tabs.md, Shares): what is left of the tab, or an amount of it, taken
 * in cash or by card at the counter. The reply's share says what was recorded, cash rounded as the
 * restaurant rounds cash; it stays shown under the button. One Idempotency-Key per opened form, so a
 * double tap or a retry after a lost reply takes the money once.
 */
export function TakeRest({ tab, onTake, guard }: TakeRestProps) {
  const { t } = useUiTranslation();
  const money = useMoney();
  const currency = tab.currency as Currency;
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<Method>('Cash');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [taken, setTaken] = useState<TabCashReply | null>(null);
  const key = useRef(newIdempotencyKey());
  const methodName = useId();
  const formId = useId();

  const typed = amount.trim() === '' ? undefined : parseMoneyInput(amount, currency);
  const amountError =
    typed === null || typed === 0
      ? t('staff.tabs.badAmount', { example: moneyInputText(tab.left, currency) })
      : typed !== undefined && typed > tab.left
        ? t('staff.tabs.tooMuch', { amount: money(tab.left, currency) })
        : undefined;
  const charge = typed ?? tab.left;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || amountError || !guard()) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await onTake(
        tab.tab_id,
        typed === undefined || typed === null ? { method } : { method, amount: typed },
        key.current,
      );
      key.current = newIdempotencyKey();
      setTaken(reply);
      setAmount('');
      setOpen(false);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const share = taken?.share;
  return (
    <div className="staff-tab-take">
      {tab.left > 0 ? (
        <Button
          variant={open ? 'secondary' : 'primary'}
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => {
            setOpen((now) => !now);
            setError(null);
          }}
        >
          {t('staff.tabs.takeRest')}
        </Button>
      ) : null}
      {open ? (
        <form
          id={formId}
          className="staff-pay staff-tab-take__form"
          aria-label={t('staff.tabs.takeRest')}
          onSubmit={(event) => void submit(event)}
        >
          <fieldset className="staff-pay__methods">
            <legend>{t('staff.tabs.takeMethod')}</legend>
            {(['Cash', 'Card'] as const).map((choice) => (
              <label key={choice} className="staff-choice">
                <input
                  type="radio"
                  name={methodName}
                  value={choice}
                  checked={method === choice}
                  onChange={() => setMethod(choice)}
                />
                {choice === 'Cash' ? t('staff.tabs.cash') : t('staff.tabs.card')}
              </label>
            ))}
          </fieldset>
          <TextField
            label={t('staff.tabs.takeAmount')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={amountError}
          />
          <div className="staff-pay__actions">
            <Button type="submit" loading={busy} disabled={Boolean(amountError)}>
              {t(method === 'Cash' ? 'staff.tabs.takeCash' : 'staff.tabs.takeCard', {
                amount: money(charge, currency),
              })}
            </Button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p className="staff-pay__error" role="alert">
          {error}
        </p>
      ) : null}
      {share ? (
        <p className="staff-tab-take__taken" role="status">
          <strong>
            {t(share.method === 'Cash' ? 'staff.tabs.takenCash' : 'staff.tabs.takenCard', {
              amount: money(share.amount, currency),
            })}
          </strong>
          {share.method === 'Cash' && share.amount !== share.settles + share.tip ? (
            <span>
              {t('staff.tabs.rounded', {
                settles: money(share.settles + share.tip, currency),
                amount: money(share.amount, currency),
              })}
            </span>
          ) : null}
          <span>{t('staff.tabs.leftNow', { amount: money(taken.tab.left, currency) })}</span>
        </p>
      ) : null}
    </div>
  );
}
