/**
 * The embedded payment gateway (README: Two modes, `SIMULATOR`): what `pnpm start` and the tests pay through.
 * It behaves like a real redirect gateway: `create` returns the URL of a hosted page (served by the
 * API at `/simulator/pay/:reference`, see routes/simulator.ts) where the payer picks a channel and an
 * outcome; the payer is sent back to our return URL with the result, and the gateway posts a signed
 * notification (hex HMAC-SHA256 of the raw body, header `x-simulator-signature`) to our webhook route.
 * Like a real gateway, notifications may come late, twice, or out of order (`delivery`).
 *
 * The gateway's own record of each payment lives in this process's memory: it is a stand-in for a
 * remote service, so a restart forgets unpaid payments (queryStatus then answers 'expired', as a
 * gateway does for a payment it never captured).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { parseJson } from '../../../../../lib/json';
import type {
  CreatePaymentInput,
  CreatedPayment,
  IncomingNotification,
  PaymentProvider,
  ProviderStatus,
  RefundInput,
  VerifiedNotification,
} from '../../provider';
import type { SimulatorOutcome, SimulatorDelivery, SimulatorNotificationBody } from './protocol';
import {
  SIMULATOR_SIGNATURE_HEADER,
  notificationSchema,
  signSimulatorBody,
  WEBHOOK_PATH,
  simulatorPageSignature,
  simulatorPagePath,
} from './protocol';

/** Sends one notification to our webhook route (real HTTP to our own address, or app.inject). */
export type SimulatorSend = (request: {
  path: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number }>;

export interface SimulatorOptions {
  /** HMAC key shared by the gateway and our webhook verification. */
  key: string;
  /** Public base URL of the API (the hosted page lives there). */
  publicUrl: string;
  now?: () => Date;
  delivery?: SimulatorDelivery;
  /**
   * Milliseconds before notifications leave. 0 sends them before the payer is redirected (tests are
   * deterministic); above 0 they go in the background like a real gateway's, retried 3 times.
   */
  delayMs?: number;
  /** A 'pending then success' payment succeeds this many seconds after the payer chose it. */
  pendingSettleSeconds?: number;
  /** Send the success of a 'pending then success' payment by itself when its time comes (off in tests). */
  autoSettle?: boolean;
  /** Minutes an unpaid payment stays payable (real gateways expire them too). */
  expiryMinutes?: number;
  send?: SimulatorSend;
  onError?: (error: unknown, context: string) => void;
}

/** The gateway's own record of one payment. */
export interface SimulatorRecord {
  reference: string;
  providerRef: string;
  amount: number;
  currency: 'MYR' | 'IDR';
  method: string;
  channel: string | undefined;
  description: string;
  language: 'en' | 'id' | 'my';
  returnUrl: string;
  notifyUrl: string;
  createdAt: Date;
  expiresAt: Date;
  status: ProviderStatus;
  outcome: SimulatorOutcome | undefined;
  /** When a 'pending then success' payment turns into a success. */
  settlesAt: Date | undefined;
  refunds: Map<string, number>;
}

export interface SimulatorProvider extends PaymentProvider {
  readonly name: 'simulator';
  /** The record behind a hosted page; undefined for an unknown reference. */
  record(reference: string): SimulatorRecord | undefined;
  /**
   * The record behind a hosted page link whose `sig` is the one `create` issued for that payment
   * (HMAC of the reference with the simulator's key): nobody opens the page of a payment they were
   * not sent to, or marks an order paid by guessing its reference. Undefined otherwise.
   */
  signedRecord(reference: string, sig: string | undefined): SimulatorRecord | undefined;
  /**
   * The payer's choice on the hosted page: records the outcome, sends the notifications (before
   * returning when `delayMs` is 0) and answers where the payer's browser goes next.
   */
  complete(reference: string, choice: { channel?: string; outcome: SimulatorOutcome }): Promise<string>;
  /** Sends the success of a 'pending then success' payment now (tests; otherwise its timer does). */
  releasePending(reference: string): Promise<void>;
  /** A signed notification as the gateway would send it, for tests and replays. */
  signedNotification(
    reference: string,
    status: ProviderStatus,
    overrides?: Partial<SimulatorNotificationBody>,
  ): { path: string; headers: Record<string, string>; body: string };
  /** Wires the transport (createServer does, once the app exists). */
  connect(send: SimulatorSend): void;
  configure(options: Partial<Pick<SimulatorOptions, 'delivery' | 'delayMs' | 'autoSettle'>>): void;
  close(): void;
}

/** Where the payer's browser goes after the outcome: the return URL with `status` (1, 0, 2) and the channel. */
function returnLocation(record: SimulatorRecord): string {
  const url = new URL(record.returnUrl);
  const status = record.status === 'success' ? 1 : record.status === 'pending' ? 0 : 2;
  url.searchParams.set('status', String(status));
  if (record.channel) url.searchParams.set('paymentType', record.channel);
  return url.toString();
}

export function createSimulatorProvider(options: SimulatorOptions): SimulatorProvider {
  const settings = {
    delivery: options.delivery ?? 'immediate',
    delayMs: options.delayMs ?? 0,
    autoSettle: options.autoSettle ?? false,
  };
  const now = options.now ?? (() => new Date());
  const pendingSettleSeconds = options.pendingSettleSeconds ?? 5;
  const expiryMinutes = options.expiryMinutes ?? 15;
  let send = options.send;
  const records = new Map<string, SimulatorRecord>();
  const timers = new Set<NodeJS.Timeout>();
  const report = options.onError ?? (() => undefined);

  const later = (ms: number, task: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task().catch((error: unknown) => report(error, 'simulator timer'));
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const currentStatus = (record: SimulatorRecord): ProviderStatus => {
    const at = now();
    if (record.status === 'pending' && record.settlesAt && record.settlesAt <= at) return 'success';
    if (record.status === 'pending' && !record.outcome && record.expiresAt <= at) return 'expired';
    return record.status;
  };

  const bodyFor = (
    record: SimulatorRecord,
    status: ProviderStatus,
    overrides: Partial<SimulatorNotificationBody> = {},
  ): string =>
    JSON.stringify({
      event_id: `evt_${record.providerRef}_${status}`,
      reference: record.reference,
      provider_ref: record.providerRef,
      status,
      amount: record.amount,
      currency: record.currency,
      channel: record.channel ?? null,
      sent_at: now().toISOString(),
      ...overrides,
    } satisfies SimulatorNotificationBody);

  const signed = (body: string) => ({
    path: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      [SIMULATOR_SIGNATURE_HEADER]: signSimulatorBody(options.key, body),
    },
    body,
  });

  const post = async (body: string, retries: number) => {
    if (!send) throw new Error('simulator: no transport connected');
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      try {
        ({ status } = await send(signed(body)));
      } catch (error) {
        if (attempt >= retries) throw error;
      }
      if (status >= 200 && status < 300) return;
      if (attempt >= retries) throw new Error(`simulator: webhook answered ${status}`);
      await new Promise((resolve) => setTimeout(resolve, settings.delayMs * 2 ** attempt));
    }
  };

  /** Delivers notifications for the given statuses in the configured manner. */
  const deliver = async (record: SimulatorRecord, statuses: ProviderStatus[]) => {
    let bodies = statuses.map((status) => bodyFor(record, status));
    if (settings.delivery === 'duplicate') bodies = bodies.flatMap((body) => [body, body]);
    if (settings.delivery === 'outOfOrder') bodies = [...bodies].reverse();
    if (settings.delayMs === 0) {
      for (const body of bodies) await post(body, 0);
      return;
    }
    later(settings.delayMs, async () => {
      for (const body of bodies) await post(body, 3);
    });
  };

  const settle = async (record: SimulatorRecord) => {
    if (record.outcome !== 'pending_success' || record.status !== 'pending') return;
    record.status = 'success';
    record.settlesAt = undefined;
    // Out of order: the stale 'pending' arrives after the success.
    await deliver(record, settings.delivery === 'outOfOrder' ? ['pending', 'success'] : ['success']);
  };

  return {
    name: 'simulator',

    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const existing = records.get(input.reference);
      const redirectUrl = `${options.publicUrl.replace(/\/$/, '')}${simulatorPagePath(options.key, input.reference)}`;
      if (existing) return { providerRef: existing.providerRef, redirectUrl, qrString: redirectUrl };
      const createdAt = now();
      const record: SimulatorRecord = {
        reference: input.reference,
        providerRef: `sim_${randomBytes(8).toString('hex')}`,
        amount: input.amount,
        currency: input.currency,
        method: input.method,
        channel: input.channel,
        description: input.description,
        language: input.language,
        returnUrl: input.returnUrl,
        notifyUrl: input.notifyUrl,
        createdAt,
        expiresAt: input.expiresAt ?? new Date(createdAt.getTime() + expiryMinutes * 60_000),
        status: 'pending',
        outcome: undefined,
        settlesAt: undefined,
        refunds: new Map(),
      };
      records.set(input.reference, record);
      // The QR a kiosk shows opens the same hosted page on the payer's phone.
      return {
        providerRef: record.providerRef,
        redirectUrl,
        qrString: redirectUrl,
        raw: { simulator: true },
      };
    },

    verifyNotification(notification: IncomingNotification): VerifiedNotification | null {
      const given = notification.headers[SIMULATOR_SIGNATURE_HEADER];
      if (!given || !/^[0-9a-f]{64}$/.test(given)) return null;
      const expected = Buffer.from(signSimulatorBody(options.key, notification.rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
      const parsed = notificationSchema.safeParse(parseJson(notification.rawBody));
      if (!parsed.success) return null;
      const body = parsed.data;
      return {
        eventId: body.event_id,
        reference: body.reference,
        status: body.status,
        amount: body.amount,
        currency: body.currency,
        providerRef: body.provider_ref,
        raw: body,
      };
    },

    async queryStatus(reference: string) {
      const record = records.get(reference);
      if (!record) return { status: 'expired' as const, raw: { found: false } };
      const status = currentStatus(record);
      if (status !== record.status && status === 'success') record.status = 'success';
      if (status === 'expired') record.status = 'expired';
      return { status, amount: record.amount, raw: { found: true, provider_ref: record.providerRef } };
    },

    async refund(input: RefundInput) {
      const record = records.get(input.reference);
      if (!record) return { status: 'failed' as const, raw: { error: 'unknown payment' } };
      const previous = record.refunds.get(input.refundKey);
      if (previous !== undefined) return { status: 'refunded' as const, raw: { idempotent: true } };
      const status = currentStatus(record);
      if (status !== 'success' && status !== 'partially_refunded') {
        return { status: 'failed' as const, raw: { error: `payment is ${status}` } };
      }
      const refunded = [...record.refunds.values()].reduce((sum, amount) => sum + amount, 0);
      if (input.amount <= 0 || refunded + input.amount > record.amount) {
        return { status: 'failed' as const, raw: { error: 'amount exceeds what is left' } };
      }
      record.refunds.set(input.refundKey, input.amount);
      record.status = refunded + input.amount === record.amount ? 'refunded' : 'partially_refunded';
      return { status: 'refunded' as const, raw: { refund_key: input.refundKey, amount: input.amount } };
    },

    record: (reference) => records.get(reference),

    signedRecord(reference, sig) {
      if (!sig || !/^[0-9a-f]{32}$/.test(sig)) return undefined;
      const expected = Buffer.from(simulatorPageSignature(options.key, reference), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return undefined;
      return records.get(reference);
    },

    async complete(reference, choice) {
      const record = records.get(reference);
      if (!record) throw new Error('simulator: unknown payment');
      // A payer who comes back (back button, second tab) is sent on without paying twice.
      if (record.outcome !== undefined || currentStatus(record) !== 'pending') return returnLocation(record);
      if (choice.channel) record.channel = choice.channel;
      record.outcome = choice.outcome;
      if (choice.outcome === 'success') record.status = 'success';
      if (choice.outcome === 'failure') record.status = 'failed';
      if (choice.outcome === 'expire') record.status = 'expired';
      if (choice.outcome === 'pending_success') {
        record.settlesAt = new Date(now().getTime() + pendingSettleSeconds * 1000);
        if (settings.autoSettle) later(pendingSettleSeconds * 1000, () => settle(record));
      }
      // A pending payment delivered out of order sends its 'pending' only after the success.
      const outOfOrderPending = choice.outcome === 'pending_success' && settings.delivery === 'outOfOrder';
      if (!outOfOrderPending) await deliver(record, [record.status]);
      return returnLocation(record);
    },

    async releasePending(reference) {
      const record = records.get(reference);
      if (record) await settle(record);
    },

    signedNotification(reference, status, overrides) {
      const record = records.get(reference);
      if (!record) throw new Error('simulator: unknown payment');
      return signed(bodyFor(record, status, overrides));
    },

    connect(transport) {
      send = transport;
    },

    configure(next) {
      Object.assign(settings, next);
    },

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
