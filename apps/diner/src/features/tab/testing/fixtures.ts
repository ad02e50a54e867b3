import type { LiveSocket } from '@santap/web';
import type { ShareQuote, TabLine, TabView } from '../api/tab-types';

/** A WebSocket stand-in: records what the page sends and lets the test push frames. */
export class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

export const line = (overrides: Partial<TabLine> & Pick<TabLine, 'line_id' | 'name'>): TabLine => ({
  order_id: 501,
  member_id: 1,
  quantity: 1,
  options: '',
  amount: 1000,
  paid: 0,
  pending: 0,
  left: 1000,
  held_by: null,
  ...overrides,
});

/**
 * Four friends at Table 5 of Kopitiam Ali (MYR, RM 1 minimum): Aisyah (1) ordered round 1, the
 * caller (2, no name: 'Diner 2') round 2, Ben (3). Aisyah is paying her Nasi Lemak right now; the
 * Teh Tarik is paid; RM 40.00 of RM 60.00 is left.
 */
export function tabFixture(overrides: Partial<TabView> = {}): TabView {
  return {
    tab_id: 42,
    restaurant_id: 1001,
    table_id: 5,
    table_label: 'Table 5',
    status: 'open',
    currency: 'MYR',
    join_code: 'K7M2QP',
    joins_by_scan: false,
    me: 2,
    members: [
      { member_id: 1, name: 'Aisyah', emoji: '🍜', me: false, waiting: false },
      { member_id: 2, name: '', emoji: '🍛', me: true, waiting: false },
      { member_id: 3, name: 'Ben', emoji: null, me: false, waiting: false },
      { member_id: 4, name: '', emoji: null, me: false, waiting: false },
    ],
    orders: [
      { order_id: 501, member_id: 1, status: 1, total: 3500, created_epoch: 1_790_000_000 },
      { order_id: 502, member_id: 2, status: 1, total: 2500, created_epoch: 1_790_000_600 },
    ],
    lines: [
      line({ line_id: '11', name: 'Nasi Lemak', amount: 1500, pending: 1500, left: 0, held_by: 1 }),
      line({ line_id: '12', name: 'Teh Tarik', amount: 500, paid: 500, left: 0 }),
      line({
        line_id: '13',
        name: 'Roti Canai',
        quantity: 3,
        amount: 1500,
        left: 1500,
        options: 'Extra dhal',
      }),
      line({ line_id: '21', order_id: 502, member_id: 2, name: 'Mee Goreng', amount: 1800, left: 1800 }),
      line({ line_id: '22', order_id: 502, member_id: 2, name: 'Milo Ais', amount: 700, left: 700 }),
    ],
    shares: [
      {
        share_id: 7,
        member_id: 1,
        kind: 'lines',
        state: 'pending',
        settles: 1500,
        tip: 0,
        amount: 1500,
        method: 'Wallet',
        payment_id: 90,
        created_epoch: 1_790_001_000,
        hold_until_epoch: 1_790_001_300,
      },
      {
        share_id: 6,
        member_id: 3,
        kind: 'lines',
        state: 'paid',
        settles: 500,
        tip: 0,
        amount: 500,
        method: 'Card',
        payment_id: 89,
        created_epoch: 1_790_000_900,
        hold_until_epoch: null,
      },
    ],
    splits: [],
    total: 6000,
    paid: 500,
    pending: 1500,
    left: 4000,
    tips: false,
    minimum: 100,
    ...overrides,
  };
}

/** The quote the server would give for `request`: its dishes' total with 10% service charge and 6% SST. */
export function quoteFor(request: ShareQuote['request'], settles: number, tip = 0): ShareQuote {
  const service = Math.round(settles / 11.66);
  const sst = Math.round(settles / 17.7);
  return {
    request,
    settles,
    tip,
    amount: settles + tip,
    currency: 'MYR',
    lines: [
      { key: 'bill.subtotal', label: 'Subtotal', amount: settles - service - sst },
      { key: 'bill.serviceCharge', label: 'Service Charge 10%', amount: service, rate: 1000 },
      { key: 'bill.sst', label: 'SST 6%', amount: sst, rate: 600 },
    ],
    takes: [],
  };
}
