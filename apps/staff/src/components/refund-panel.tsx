import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { staff } from '@santap/api-client';
import type { EndpointData, Order } from '@santap/api-client';
import { moneyInputText, parseMoneyInput } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { Button, Spinner, TextField, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../lib/api';
import { newIdempotencyKey, useMoney } from '../lib/use-money';
import { useTillAction } from '../lib/use-till-action';
import { PanelActions } from './panel-actions';

type RefundReply = EndpointData<typeof staff.staffRefundOrder>;

export interface RefundPanelProps {
  order: Order;
  guard: () => boolean;
  onFailed: (error: unknown) => void;
  onRefunded: (reply: RefundReply) => void;
  onClose: () => void;
}

/**
 * A manager refunds a completed, paid order (`POST /api/staff/orders/:orderId/refund`, spec §9
 * 'Refund: starts after order completion'): an amount (empty: all that is refundable) and a reason.
 * It first asks the server what is still refundable (`GET /api/staff/orders?order_id=`: captured,
 * less earlier refunds). One Idempotency-Key per opened panel, so a double tap or a retry after a lost reply refunds once.
 * The server's refusals (too large, not completed) are shown in the console's language.
 */
export function RefundPanel({ order, guard, onFailed, onRefunded, onClose }: RefundPanelProps) {
  const { t } = useUiTranslation();
  const money = useMoney();
  const currency = order.currency as Currency;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useTillAction(guard, onFailed);
  const key = useRef(newIdempotencyKey());
  const [refundable, setRefundable] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    api
      .call(staff.staffOrders, { query: { order_id: order.order_id } })
      .then((reply) => live && setRefundable(reply.orders[0]?.refundable_amount ?? 0))
      .catch((failure: unknown) => live && setError(errorText(failure, t)));
    return () => {
      live = false;
    };
  }, [order.order_id, t, setError]);

  const typed = amount.trim() === '' ? undefined : parseMoneyInput(amount, currency);
  const amountError =
    typed === null
      ? t('staff.counter.badAmount', { example: moneyInputText(refundable ?? 0, currency) })
      : typed !== undefined && refundable !== null && (typed > refundable || typed <= 0)
        ? t('staff.refund.tooMuch', { amount: money(refundable, currency) })
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (refundable === null || amountError) return;
    void run(async () => {
      const reply = await api.call(
        staff.staffRefundOrder,
        {
          params: { orderId: order.order_id },
          body: { reason, ...(typed === undefined || typed === null ? {} : { amount: typed }) },
        },
        { idempotencyKey: key.current },
      );
      key.current = newIdempotencyKey();
      setAmount('');
      setReason('');
      setRefundable(reply.refundable_amount);
      onRefunded(reply);
    });
  };

  return (
    <form
      className="staff-pay"
      aria-label={t('staff.refund.openLabel', { id: order.order_id })}
      onSubmit={submit}
    >
      {refundable === null ? (
        error ? null : (
          <Spinner label={t('staff.loading')} />
        )
      ) : (
        <p className="staff-pay__owed">
          {t('staff.refund.refundable', { amount: money(refundable, currency) })}
        </p>
      )}
      <TextField
        label={t('staff.refund.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={amountError}
      />
      <TextField
        label={t('staff.refund.reason')}
        value={reason}
        maxLength={300}
        onChange={(event) => setReason(event.target.value)}
        required
      />
      <PanelActions error={error} onClose={onClose}>
        <Button
          type="submit"
          variant="danger"
          loading={busy}
          disabled={refundable === null || refundable <= 0 || Boolean(amountError) || !reason.trim()}
        >
          {t('staff.refund.submit', { amount: money(typed ?? refundable ?? 0, currency) })}
        </Button>
      </PanelActions>
    </form>
  );
}
