// Tabs for the split-bill tests: bills made by computeBill, as the server keeps them per order.
import { computeBill } from '../bill';
import type { BillInput } from '../bill';
import type { Tab, TabOrder } from './tab';

/** One order of a tab from a bill input; line `i` gets id `ids[i]` and orderer `by[i]`. */
export function orderOf(
  orderId: number,
  input: BillInput,
  ids: readonly string[],
  by: readonly (string | undefined)[] = [],
): TabOrder {
  return {
    orderId,
    bill: computeBill(input),
    lines: input.lines.map((line, index) => ({
      id: ids[index]!,
      ...(by[index] !== undefined ? { by: by[index] } : {}),
      ...(line.taxExempt ? { taxExempt: true } : {}),
    })),
  };
}

/**
 * RM 10 (ana's `a`) + RM 20 (ben's `b`), service charge 10 %, SST 6 % on subtotal + service:
 * subtotal 3000, service 300, SST 198, total 3498; `a` carries 1166 of it, `b` 2332.
 */
export const myTab = (overrides: Partial<BillInput> = {}): Tab => ({
  currency: 'MYR',
  orders: [
    orderOf(
      1,
      {
        currency: 'MYR',
        lines: [
          { unitPrice: 1000, quantity: 1 },
          { unitPrice: 2000, quantity: 1 },
        ],
        serviceChargeRate: 1000,
        taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal_service' }],
        ...overrides,
      },
      ['a', 'b'],
      ['ana', 'ben'],
    ),
  ],
});

/**
 * Rp 35.000 + 25.000 (cita's `x`, `y`) and Rp 40.000 (dedi's `z`, a second round), service 5 %,
 * PB1 10 % on subtotal + service, all priced in one bill: total Rp 115.500.
 */
export const idTab = (): Tab => ({
  currency: 'IDR',
  orders: [
    orderOf(
      7,
      {
        currency: 'IDR',
        lines: [
          { unitPrice: 35_000, quantity: 1 },
          { unitPrice: 25_000, quantity: 1 },
          { unitPrice: 40_000, quantity: 1 },
        ],
        serviceChargeRate: 500,
        taxes: [{ key: 'bill.pb1', rate: 1000, base: 'subtotal_service' }],
      },
      ['x', 'y', 'z'],
      ['cita', 'cita', 'dedi'],
    ),
  ],
});
