import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { payments } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { moneyInputText, parseMoneyInput } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { Button, MoneyText, TextField, useToast, useUiTranslation } from '@santap/ui';
import { api } from '../../../lib/api';
import { useMoney } from '../../../lib/use-money';
import { useTillAction } from '../../../lib/use-till-action';
import { PanelActions } from '../../../components/panel-actions';
import { owedBy, quickAmounts } from '../lib/cash';

export interface CounterPaymentProps {
  order: Order;
  /** False while offline: the action is refused (with the offline toast) without a call. */
  guard: () => boolean;
  onFailed: (error: unknown) => void;
  onPaid: () => void;
  onClose: () => void;
}

/**
 * Take the money an order owes at the counter (`POST /api/orders/billing/direct_payment.php`): cash
 * or card, for the whole amount owed (the server refuses any other amount). For cash the cashier
 * types (or taps) what they were handed and sees the change to give, or how much is still short.
 */
export function CounterPayment({ order, guard, onFailed, onPaid, onClose }: CounterPaymentProps) {
  const { t } = useUiTranslation();
  const money = useMoney();
  const toast = useToast();
  const currency = order.currency as Currency;
  const owed = owedBy(order);
  const [method, setMethod] = useState<'Cash' | 'Card'>('Cash');
  const [received, setReceived] = useState('');
  const { busy, error, run } = useTillAction(guard, onFailed);
  const methodName = useId();

  const receivedMinor = parseMoneyInput(received, currency);
  const badAmount = received.trim() !== '' && receivedMinor === null;
  const change = receivedMinor === null ? null : receivedMinor - owed;
  const cashReady = method === 'Card' || (change !== null && change >= 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!cashReady) return;
    void run(async () => {
      const reply = await api.call(payments.directPayment, {
        body: { order_id: order.order_id, method, amount: owed },
      });
      toast.show(t('staff.counter.recorded', { id: order.order_id, amount: money(reply.amount, currency) }), {
        tone: 'success',
      });
      onPaid();
    });
  };

  return (
    <form
      className="staff-pay"
      aria-label={t('staff.counter.takeLabel', { id: order.order_id })}
      onSubmit={submit}
    >
      <p className="staff-pay__owed">
        <span>{t('staff.counter.owed')}</span> <MoneyText amount={owed} currency={currency} />
      </p>
      <fieldset className="staff-pay__methods">
        <legend>{t('staff.counter.method')}</legend>
        {(['Cash', 'Card'] as const).map((choice) => (
          <label key={choice} className="staff-choice">
            <input
              type="radio"
              name={methodName}
              value={choice}
              checked={method === choice}
              onChange={() => setMethod(choice)}
            />
            {choice === 'Cash' ? t('staff.counter.cash') : t('staff.counter.card')}
          </label>
        ))}
      </fieldset>
      {method === 'Cash' ? (
        <>
          <TextField
            label={t('staff.counter.received')}
            inputMode="decimal"
            autoComplete="off"
            value={received}
            onChange={(event) => setReceived(event.target.value)}
            error={
              badAmount
                ? t('staff.counter.badAmount', {
                    example: moneyInputText(quickAmounts(owed, currency)[1] ?? owed, currency),
                  })
                : undefined
            }
          />
          <div className="staff-pay__quick">
            {quickAmounts(owed, currency).map((amount, index) => (
              <Button
                key={amount}
                type="button"
                variant="secondary"
                onClick={() => setReceived(moneyInputText(amount, currency))}
              >
                {index === 0 ? t('staff.counter.exact') : money(amount, currency)}
              </Button>
            ))}
          </div>
          {change !== null ? (
            <p className={change >= 0 ? 'staff-pay__change' : 'staff-pay__short'} role="status">
              {change >= 0 ? (
                <>
                  <span>{t('staff.counter.change')}</span> <MoneyText amount={change} currency={currency} />
                </>
              ) : (
                t('staff.counter.short', { amount: money(-change, currency) })
              )}
            </p>
          ) : null}
        </>
      ) : null}
      <PanelActions error={error} onClose={onClose}>
        <Button type="submit" loading={busy} disabled={!cashReady}>
          {method === 'Cash'
            ? t('staff.counter.recordCash', { amount: money(owed, currency) })
            : t('staff.counter.recordCard', { amount: money(owed, currency) })}
        </Button>
      </PanelActions>
    </form>
  );
}
