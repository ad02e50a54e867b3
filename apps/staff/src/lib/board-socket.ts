import { setLiveSocketFactory, watchTopic } from '@santap/web';
import type { LiveSocket, LiveSocketFactory, LiveSubscription } from '@santap/web';

/**
 * The board's live channel: `watchTopic` of `@santap/web` (the server's websocket `/ws`, apps/api
 * routes/live.ts) on `restaurant:<id>`, authenticated with the staff token in an `auth` message
 * (never in the URL). Reconnects with backoff (1 s, 2 s, 4 s … 10 s: a kitchen board must not stay
 * behind for long), follows the device's offline / online, and tells the board each time it is
 * subscribed, so the board reads again what changed before: after a drop, and after the first
 * subscription too (an order placed between the board's first read and it sent the board no event).
 */
export type BoardSocket = LiveSocket;

/** Tests give a fake socket; returns the previous maker. */
export function setBoardSocketFactory(factory: LiveSocketFactory): LiveSocketFactory {
  return setLiveSocketFactory(factory);
}

export interface BoardChannelHandlers {
  /** A live event named this order (created, status, item, payment…). */
  onOrderEvent(orderId: number): void;
  /** Any other event of the restaurant (type and data as sent). */
  onOtherEvent?(type: string, data: unknown): void;
  /** A diner called a waiter or asked for the bill, or staff acknowledged it (no order changed). */
  onTableRequest?(): void;
  /**
   * A printer's state changed (`printer.state`) or a print job was made, printed or failed
   * (`print.job`): the printers are read again. Such an event changes no order, even when it names one.
   */
  onPrinterEvent?(): void;
  /**
   * A table's tab changed (`tab.changed` `{ tab_id }`: a round, a member, a share, the close; apps/api
   * docs/tabs.md, Live): the tabs are read again. Its orders' own events come as order events.
   */
  onTabChanged?(tabId: number): void;
  /** The socket is subscribed (true) or dropped (false). */
  onConnected(connected: boolean): void;
  /** Subscribed (the first time or again): events come from here on; what changed before may be missed. */
  onSubscribed(): void;
}

const MAX_BACKOFF_MS = 10_000;

export type BoardChannel = LiveSubscription;

export function openBoardChannel(
  restaurantId: number,
  token: string,
  handlers: BoardChannelHandlers,
): BoardChannel {
  return watchTopic(
    `restaurant:${restaurantId}`,
    {
      onEvent: (event) => {
        if (event.type === 'table.request') {
          handlers.onTableRequest?.();
          return;
        }
        if (event.type === 'printer.state' || event.type === 'print.job') {
          handlers.onPrinterEvent?.();
          return;
        }
        if (event.type === 'tab.changed') {
          const tabId = (event.data as { tab_id?: unknown } | undefined)?.tab_id;
          if (typeof tabId === 'number') handlers.onTabChanged?.(tabId);
          return;
        }
        const data = event.data as { order_id?: unknown } | undefined;
        if (typeof data?.order_id === 'number') handlers.onOrderEvent(data.order_id);
        else handlers.onOtherEvent?.(event.type, event.data);
      },
      // Connected once subscribed, not on the socket's opening: the token may yet be refused.
      onSubscribed: () => {
        handlers.onConnected(true);
        handlers.onSubscribed();
      },
      onConnectionChange: (connected) => {
        if (!connected) handlers.onConnected(false);
      },
    },
    { auth: { staff_token: token }, maxBackoffMs: MAX_BACKOFF_MS, followDevice: true },
  );
}
