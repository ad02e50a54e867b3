import type { TabView } from './lib/types';

const OPENED = 1_800_000_000;

/**
 * Table 5 of kopitiam-ali (test data) with its tab half paid: Aisyah and Budi at the table, Dewi
 * asking to join; Aisyah's nasi lemak paid online, Budi paying his teh tarik now, half of the roti
 * canai paid (a dish split in two), the mee goreng unpaid. RM 54.78 in all, RM 22.80 paid, RM 10.60
 * being paid, RM 21.38 left. `patch` over it.
 */
export function testTab(patch: Partial<TabView> = {}): TabView {
  return {
    tab_id: 7,
    restaurant_id: 1001,
    table_id: 5,
    table_label: 'Table 5',
    status: 'open',
    currency: 'MYR',
    join_code: 'K7P2QX',
    joins_by_scan: false,
    me: null,
    members: [
      { member_id: 11, name: 'Aisyah', emoji: '🍜', me: false, waiting: false },
      { member_id: 12, name: 'Budi', emoji: null, me: false, waiting: false },
      { member_id: 13, name: 'Dewi', emoji: '🌸', me: false, waiting: true },
    ],
    orders: [
      { order_id: 41, member_id: 11, status: 1, total: 3038, created_epoch: OPENED },
      { order_id: 42, member_id: 12, status: 1, total: 2440, created_epoch: OPENED + 300 },
    ],
    lines: [
      line('501', 41, 11, 'Nasi Lemak Ayam', 1, 1590, { paid: 1590 }),
      line('502', 42, 12, 'Teh Tarik', 2, 1060, { pending: 1060, held_by: 12 }),
      line('503', 42, 12, 'Roti Canai', 3, 1380, { paid: 690, left: 690 }),
      line('504', 41, 11, 'Mee Goreng Mamak', 1, 1448, { left: 1448 }),
    ],
    shares: [
      share(901, 11, 'mine', 'paid', 1590, 'Wallet'),
      share(902, 12, 'dish_part', 'paid', 690, 'Card'),
      { ...share(903, 12, 'lines', 'pending', 1060, 'Wallet'), hold_until_epoch: OPENED + 1200 },
    ],
    splits: [{ kind: 'dish_part', line_id: '503', parts: 2, of: 1380, taken: [1] }],
    total: 5478,
    paid: 2280,
    pending: 1060,
    left: 2138,
    tips: false,
    minimum: 100,
    ...patch,
  };
}

function line(
  lineId: string,
  orderId: number,
  memberId: number,
  name: string,
  quantity: number,
  amount: number,
  money: { paid?: number; pending?: number; left?: number; held_by?: number },
): TabView['lines'][number] {
  return {
    line_id: lineId,
    order_id: orderId,
    member_id: memberId,
    name,
    quantity,
    options: '',
    amount,
    paid: money.paid ?? 0,
    pending: money.pending ?? 0,
    left: money.left ?? 0,
    held_by: money.held_by ?? null,
  };
}

function share(
  shareId: number,
  memberId: number | null,
  kind: TabView['shares'][number]['kind'],
  state: TabView['shares'][number]['state'],
  amount: number,
  method: string,
): TabView['shares'][number] {
  return {
    share_id: shareId,
    member_id: memberId,
    kind,
    state,
    settles: amount,
    tip: 0,
    amount,
    method,
    payment_id: 3000 + shareId,
    created_epoch: OPENED + 600,
    hold_until_epoch: null,
  };
}
