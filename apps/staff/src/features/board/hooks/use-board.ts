import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { NoInternet, RequestTimeout, ServerMessage, staff } from '@santap/api-client';
import type { StaffOrder } from '@santap/api-client';
import { MESSAGE } from '@santap/domain';
import { useToast, useUiTranslation } from '@santap/ui';
import { api } from '../../../lib/api';
import { staffToken } from '../../../lib/session';
import { openBoardChannel } from '../../../lib/board-socket';
import { boardReducer, initialBoard } from '../lib/board-state';
import { errorText } from '@santap/web';
import { approvalNeedOf } from '../../../components/approval-dialog';
import type { Approval, ApprovalNeed } from '../../../components/approval-dialog';

/** Refusals that mean the card was out of date: the order or item changed meanwhile. */
const STALE_CODES: readonly string[] = [
  MESSAGE.invalidTransition,
  MESSAGE.notFound,
  MESSAGE.cancelNotAllowed,
];

/** A move waiting for a manager's approval (apps/api docs/audit.md, "Manager approval"). */
export interface ApprovalAsk {
  need: ApprovalNeed;
  /** Retries the move with the approval; a refusal (a wrong PIN) is thrown to the dialog. */
  send: (approval: Approval) => Promise<void>;
  cancel: () => void;
}

/** The approval dialog was closed: the move is dropped without a failure toast. */
class ApprovalCancelled extends Error {}

/**
 * The live board of one restaurant: the running orders, kept current by the live channel (each event
 * refetches the one order it names; a reconnect refetches them all), and the actions staff take on
 * them. Actions are refused while offline (the banner says why); a stale action (the diner cancelled,
 * the item was already declined) says so and refreshes the card.
 */
export function useBoard(
  restaurantId: number,
  onTableRequests?: () => void,
  onPrinters?: () => void,
  onTabs?: () => void,
) {
  const [state, dispatch] = useReducer(boardReducer, initialBoard);
  const [online, setOnline] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [approvalAsk, setApprovalAsk] = useState<ApprovalAsk | null>(null);
  const { t } = useUiTranslation();
  const toast = useToast();
  // Read through refs so `move` and `declineItem` keep one identity (the memoised cards' props).
  const tRef = useRef(t);
  tRef.current = t;
  const onlineRef = useRef(online);
  onlineRef.current = online;
  // Table requests share the board's socket (components/table-requests-panel.tsx): told on their events
  // and on every reconnect.
  const tableRequestsRef = useRef(onTableRequests);
  tableRequestsRef.current = onTableRequests;
  // Printer states and print jobs too (lib/printing: the board's printer alarm and the tablet printer).
  const printersRef = useRef(onPrinters);
  printersRef.current = onPrinters;
  // The tables' tabs too (the board's `tables` slot, features/tabs): on `tab.changed` and every reconnect.
  const tabsRef = useRef(onTabs);
  tabsRef.current = onTabs;

  const refetchAll = useCallback(async () => {
    try {
      const reply = await api.call(staff.staffOrders, { query: { running: '1' } });
      dispatch({ type: 'loaded', orders: reply.orders });
      setLoadError(null);
    } catch (error) {
      setLoadError(errorText(error, tRef.current));
    }
  }, []);

  const refetchOne = useCallback(async (orderId: number) => {
    try {
      const reply = await api.call(staff.staffOrders, { query: { running: '1', order_id: orderId } });
      dispatch({ type: 'order', orderId, order: reply.orders[0] });
    } catch {
      // The next event or reconnect brings it.
    }
  }, []);

  useEffect(() => {
    void refetchAll();
    const token = staffToken();
    if (!token) return;
    const channel = openBoardChannel(restaurantId, token, {
      onOrderEvent: (orderId) => void refetchOne(orderId),
      onTableRequest: () => tableRequestsRef.current?.(),
      onPrinterEvent: () => printersRef.current?.(),
      onTabChanged: () => tabsRef.current?.(),
      onConnected: setOnline,
      onSubscribed: () => {
        void refetchAll();
        tableRequestsRef.current?.();
        printersRef.current?.();
        tabsRef.current?.();
      },
    });
    return () => channel.close();
  }, [restaurantId, refetchAll, refetchOne]);

  /** Runs one action on an order; the reply (the order as it is now) replaces the card. */
  const act = useCallback(
    async (orderId: number, run: () => Promise<StaffOrder>) => {
      if (!onlineRef.current) {
        toast.show(tRef.current('staff.offline'), { tone: 'error' });
        return false;
      }
      try {
        const order = await run();
        dispatch({ type: 'order', orderId, order });
        return true;
      } catch (error) {
        if (error instanceof ApprovalCancelled) return false;
        const reason = errorText(error, tRef.current);
        if (error instanceof ServerMessage && STALE_CODES.includes(error.code ?? '')) {
          toast.show(tRef.current('staff.stale', { id: orderId, reason }), { tone: 'error' });
          await refetchOne(orderId);
        } else {
          if (error instanceof NoInternet || error instanceof RequestTimeout) setOnline(false);
          toast.show(tRef.current('staff.actionFailed', { reason }), { tone: 'error' });
        }
        return false;
      }
    },
    [toast, refetchOne],
  );

  // A move the server wants approved (a paid order declined or cancelled) opens the approval dialog;
  // the move is retried with the approval and settles when it goes through or the dialog is closed.
  const move = useCallback(
    (orderId: number, status: number) =>
      act(orderId, async () => {
        try {
          return await api.call(staff.staffOrderStatus, { params: { orderId }, body: { status } });
        } catch (error) {
          const need = approvalNeedOf(error);
          if (!need) throw error;
          return new Promise<StaffOrder>((resolve, reject) =>
            setApprovalAsk({
              need,
              send: async (approval) => {
                const order = await api.call(staff.staffOrderStatus, {
                  params: { orderId },
                  body: { status, approval },
                });
                setApprovalAsk(null);
                resolve(order);
              },
              cancel: () => {
                setApprovalAsk(null);
                reject(new ApprovalCancelled());
              },
            }),
          );
        }
      }),
    [act],
  );
  const declineItem = useCallback(
    (orderId: number, orderItemId: number) =>
      act(orderId, () => api.call(staff.staffDeclineItem, { params: { orderId, orderItemId } })),
    [act],
  );
  /** Rush on or off (pins the ticket on every display). */
  const setRush = useCallback(
    (orderId: number, rush: boolean) =>
      act(orderId, () => api.call(staff.staffOrderKitchen, { params: { orderId }, body: { rush } })),
    [act],
  );
  /** A dish struck off as made, or back (every tablet shows it: the server publishes the change). */
  const setLineDone = useCallback(
    (orderId: number, orderItemId: number, done: boolean) =>
      act(orderId, () =>
        api.call(staff.staffOrderKitchen, {
          params: { orderId },
          body: { lines: [{ order_item_id: orderItemId, done }] },
        }),
      ),
    [act],
  );
  const seen = useCallback(() => dispatch({ type: 'seen' }), []);

  return {
    state,
    online,
    loadError,
    move,
    approvalAsk,
    declineItem,
    setRush,
    setLineDone,
    seen,
    retry: refetchAll,
  };
}
