import { useCallback, useEffect, useRef, useState } from 'react';
import { NoInternet, RequestTimeout, staff } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { useToast, useUiTranslation } from '@santap/ui';
import { api } from '../../../lib/api';
import { staffToken } from '../../../lib/session';
import { openBoardChannel } from '../../../lib/board-socket';
import { errorText } from '@santap/web';

/** How long (ms) a burst of live events is gathered before the list is read again. */
const REFETCH_DELAY_MS = 250;

/**
 * The restaurant's orders (running first, newest first: `GET /api/staff/orders`, one page of 200),
 * read again on every live event of the restaurant and after a reconnect, the board's channel
 * (`openBoardChannel`): a payment taken at a table or online leaves the counter at once. `online`
 * is false while the channel is down or the device is offline; `guard` then refuses an action with
 * a toast, as the board does.
 */
export function useRestaurantOrders(restaurantId: number, onTabs?: () => void) {
  const { t } = useUiTranslation();
  const toast = useToast();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [online, setOnline] = useState(true);
  const tRef = useRef(t);
  tRef.current = t;
  const onlineRef = useRef(online);
  onlineRef.current = online;
  // The tables' tabs on this page (its `tables` slot): told on `tab.changed` and on every subscription.
  const tabsRef = useRef(onTabs);
  tabsRef.current = onTabs;

  const reload = useCallback(async () => {
    try {
      const reply = await api.call(staff.staffOrders, { query: {} });
      setOrders(reply.orders);
      setLoadError(null);
    } catch (error) {
      setLoadError(errorText(error, tRef.current));
    }
  }, []);

  useEffect(() => {
    void reload();
    const token = staffToken();
    if (!token) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), REFETCH_DELAY_MS);
    };
    const channel = openBoardChannel(restaurantId, token, {
      onOrderEvent: soon,
      onTabChanged: () => tabsRef.current?.(),
      onConnected: setOnline,
      onSubscribed: () => {
        void reload();
        tabsRef.current?.();
      },
    });
    return () => {
      clearTimeout(timer);
      channel.close();
    };
  }, [restaurantId, reload]);

  /** False (and a toast) while offline: the caller does not send the action. */
  const guard = useCallback(() => {
    if (onlineRef.current) return true;
    toast.show(tRef.current('staff.offline'), { tone: 'error' });
    return false;
  }, [toast]);

  /** After a failed action: a lost connection shows the offline banner. */
  const failed = useCallback((error: unknown) => {
    if (error instanceof NoInternet || error instanceof RequestTimeout) setOnline(false);
  }, []);

  return { orders, loadError, online, reload, guard, failed };
}
