/**
 * Orders the layout tests print: a Malaysian dine-in order with a Chinese dish name, allergies and a
 * special request, paid by card; an Indonesian kiosk pickup order with a queue number, unpaid.
 */
import { computeBill } from '@santap/domain';
import type { DocketInput, DocketLine } from './input';

const line = (overrides: Partial<DocketLine> & Pick<DocketLine, 'name' | 'amount'>): DocketLine => ({
  quantity: 1,
  options: [],
  notes: null,
  status: 'active',
  batch: 1,
  ...overrides,
});

export const malaysianLines: DocketLine[] = [
  line({
    name: { en: 'Nasi lemak', id: 'Nasi lemak', my: 'Nasi lemak' },
    quantity: 2,
    amount: 2600,
    options: [
      {
        name: { en: 'Fried egg', id: 'Telur goreng', my: 'Telur goreng' },
        group: { en: 'Add-ons', id: 'Tambahan', my: 'Tambahan' },
      },
      { name: { en: 'Extra sambal', id: 'Ekstra sambal', my: 'Sambal lebih' }, quantity: 2 },
    ],
  }),
  line({
    name: {
      en: 'Hainanese chicken rice 海南鸡饭',
      id: 'Nasi ayam Hainan 海南鸡饭',
      my: 'Nasi ayam Hainan 海南鸡饭',
    },
    amount: 1450,
    notes: 'Sauce on the side',
  }),
  line({
    name: { en: 'Teh tarik', id: 'Teh tarik', my: 'Teh tarik' },
    amount: 450,
    notes: 'Kurang manis',
    batch: 2,
  }),
];

export const malaysianOrder: DocketInput = {
  restaurant: {
    name: 'Restoran Santap Bangsar',
    address: '12 Jalan Telawi 3, 59100 Kuala Lumpur',
    phone: '+60 3-2201 1234',
    country: 'MY',
    timeZone: 'Asia/Kuala_Lumpur',
    tax: {
      companyName: 'Santap Bangsar Sdn. Bhd.',
      registrationNo: '202301012345',
      sstNo: 'W10-1808-32000123',
      tin: 'C21234567890',
    },
  },
  orderNo: '1042',
  tableName: 'T5',
  queueNo: null,
  orderType: 1,
  placedAt: new Date('2026-11-23T04:00:00Z'),
  lines: malaysianLines,
  specialRequest: 'Birthday: bring the cake after the mains',
  allergies: ['nuts', 'shellfish'],
  bill: computeBill({
    currency: 'MYR',
    lines: [
      { unitPrice: 1300, quantity: 2 },
      { unitPrice: 1450, quantity: 1 },
      { unitPrice: 450, quantity: 1 },
    ],
    serviceChargeRate: 1000,
    taxes: [{ key: 'bill.sst', rate: 600, base: 'subtotal' }],
    cashRounding: 'nearest5',
  }),
  payment: {
    mode: 'online',
    method: 'Card',
    channel: null,
    amount: 5220,
    paidAt: new Date('2026-11-23T04:40:00Z'),
    reference: 'TXN-88231',
  },
  einvoiceUrl: 'https://santap.example/einvoiceform/1042',
};

export const indonesianOrder: DocketInput = {
  restaurant: {
    name: 'Warung Santap Kemang',
    address: 'Jl. Kemang Raya No. 8, Jakarta Selatan',
    phone: null,
    country: 'ID',
    timeZone: 'Asia/Jakarta',
    tax: { npwpd: 'P2.0001234.09.01' },
  },
  orderNo: '77',
  tableName: null,
  queueNo: 12,
  orderType: 3,
  pickupType: 'takeaway',
  customerName: 'Budi',
  placedAt: new Date('2026-11-23T04:00:00Z'),
  lines: [
    line({
      name: { en: 'Chicken satay', id: 'Sate ayam', my: 'Sate ayam' },
      quantity: 2,
      amount: 50000,
      options: [{ name: { en: 'Peanut sauce', id: 'Bumbu kacang', my: 'Kuah kacang' } }],
    }),
    line({ name: { en: 'Iced sweet tea', id: 'Es teh manis', my: 'Teh ais manis' }, amount: 8000 }),
  ],
  specialRequest: null,
  allergies: [],
  bill: computeBill({
    currency: 'IDR',
    lines: [
      { unitPrice: 25000, quantity: 2 },
      { unitPrice: 8000, quantity: 1 },
    ],
    serviceChargeRate: 0,
    taxes: [{ key: 'bill.pb1', rate: 1000, base: 'subtotal_service' }],
  }),
  payment: null,
  einvoiceUrl: 'https://santap.example/einvoiceform/77',
};
