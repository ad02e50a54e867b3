/**
 * Sends the outbox's queued orders, each exactly once: in the order they were taken, with the key
 * they were taken with (the server places a key once and answers a repeat with the same order), one
 * sender at a time across tabs (Web Locks where the browser has them). A network failure stops the
 * round and leaves the order queued; a refusal that will not change (items sold out, order too old)
 * marks it failed for the staff to see.
 */
import { kiosk } from '@santap/api-client';
import type { ApiClient } from '@santap/api-client';
import type { UiTranslate } from '@santap/ui';
import { errorText, isRetryable } from './error-text';
import { outbox } from './outbox';
import type { OutboxEntry } from './outbox';

export interface OutboxSender {
  /** Sends what is queued now; resolves when this round is over (at once when one is running). */
  send(): Promise<void>;
}

export function createOutboxSender(options: {
  client: () => ApiClient;
  deviceId: () => string | undefined;
  t: () => UiTranslate;
}): OutboxSender {
  let running: Promise<void> | undefined;

  async function deliver(entry: OutboxEntry): Promise<'next' | 'stop'> {
    try {
      const reply = await options
        .client()
        .call(kiosk.kioskOrderCreate, { body: entry.body }, { idempotencyKey: entry.key });
      await outbox.update(entry.key, {
        state: 'sent',
        attempts: entry.attempts + 1,
        result: {
          orderId: reply.order_id,
          amount: reply.amount,
          tickets: reply.tickets.map((ticket) => ({
            orderId: ticket.order_id,
            restaurantName: ticket.restaurant_name,
            queueNo: ticket.queue_no,
          })),
        },
      });
      return 'next';
    } catch (error) {
      if (isRetryable(error)) {
        await outbox.update(entry.key, { attempts: entry.attempts + 1 });
        return 'stop';
      }
      await outbox.update(entry.key, {
        state: 'failed',
        attempts: entry.attempts + 1,
        reason: errorText(error, options.t()),
      });
      return 'next';
    }
  }

  async function round() {
    await outbox.refresh();
    const device = options.deviceId();
    for (const entry of outbox.snapshot()) {
      if (entry.state !== 'queued' || entry.deviceId !== device) continue;
      if ((await deliver(entry)) === 'stop') return;
    }
  }

  const locked = async (): Promise<void> => {
    const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | null);
    if (locks) {
      await locks.request('santap-kiosk-outbox', round);
    } else {
      await round();
    }
  };

  return {
    send() {
      const sending = (running ??= locked().finally(() => {
        running = undefined;
      }));
      return sending;
    },
  };
}
