import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidQr, ServerMessage } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { Component as ChangeTable, loader } from './change-table';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const order = (overrides: Partial<Order> = {}): Order => ({
  order_id: 77,
  fc_order_id: null,
  restaurant_id: 1001,
  nameid: 'kopitiam-ali',
  restaurant_name: 'Kopitiam Ali',
  time_zone: 'Asia/Kuala_Lumpur',
  order_type: 1,
  pickup_type: null,
  order_time: 'ASAP',
  scheduled_epoch: null,
  table_no: 'T5',
  status: 0,
  status_key: 'status.waitingConfirmation',
  payment_status: 'unpaid',
  payment_mode: 'pay_later',
  prepay: false,
  currency: 'MYR',
  total: 1850,
  bill: {
    currency: 'MYR',
    subtotal: 1700,
    total: 1850,
    lines: [
      { key: 'bill.subtotal', label: 'Subtotal', amount: 1700 },
      { key: 'bill.serviceCharge', label: 'Service Charge 10%', amount: 150, rate: 1000 },
    ],
  },
  items: [
    {
      order_item_id: 1,
      item_id: 11,
      name: 'Nasi Lemak',
      quantity: 2,
      unit_price: 650,
      options: [],
      notes: 'no egg',
      status: 'active',
      batch: 1,
    },
    {
      order_item_id: 2,
      item_id: 12,
      name: 'Teh Tarik',
      quantity: 1,
      unit_price: 400,
      options: [],
      notes: null,
      status: 'declined',
      batch: 1,
    },
  ],
  special_note: null,
  created_epoch: 1_777_600_000,
  can_cancel: true,
  ...overrides,
});

const routes = [
  { path: '/changeTable/:order_id', Component: ChangeTable, loader },
  { path: '/orderstatus/order_id/:order_id', element: <p>status page</p> },
  { path: '/qr', element: <p>scanner</p> },
];

const checkedTable = (tableId: number) => ({
  table_id: tableId,
  table_no: `T${tableId - 5000}`,
  displayTable: `Table ${tableId - 5000}`,
  restaurant_id: 1001,
  mall: null,
});

const newTable = encodeURIComponent('https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5004');

describe('change table', () => {
  it("no table scanned yet -> 'Scan the new table's QR code' opens the scanner for this order", async () => {
    stubApi({ 'orders.details': () => order() });
    const { user, router } = renderRoute(routes, '/changeTable/77');
    await user.click(await screen.findByRole('button', { name: "Scan the new table's QR code" }));
    expect(router.state.location.pathname).toBe('/qr');
    expect(router.state.location.search).toBe('?changeTable=77');
  });

  it('table 5004 scanned -> Move my order -> its table check, then user-table-update {77, 5004} -> the status page', async () => {
    const spy = stubApi({
      'orders.details': () => order(),
      'tables.restaurant': () => checkedTable(5004),
      'orders.userTableUpdate': () => order({ table_no: 'T4' }),
    });
    const { user, router } = renderRoute(routes, `/changeTable/77?qr=${newTable}`);
    expect(await screen.findByText('Move order #77 from Table T5 to the table you scanned?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move my order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orderstatus/order_id/77'));
    expect(callsTo(spy, 'tables.restaurant')[0]![0]).toEqual({
      params: { restaurantId: 1001, tableId: 5004 },
      query: {},
    });
    expect(callsTo(spy, 'orders.userTableUpdate')[0]![0].body).toEqual({ order_id: 77, table_id: 5004 });
  });

  it("a sticker with the table's token (a dynamic one) -> the check by token with v and sig, the move by the numeric id it answers", async () => {
    const token = '3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40';
    const sig = 'ab'.repeat(32);
    const dynamic = encodeURIComponent(
      `https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=${token}&v=4102444800&sig=${sig}`,
    );
    const spy = stubApi({
      'orders.details': () => order(),
      'tables.restaurant': () => checkedTable(5006),
      'orders.userTableUpdate': () => order({ table_no: 'T6' }),
    });
    const { user, router } = renderRoute(routes, `/changeTable/77?qr=${dynamic}`);
    await user.click(await screen.findByRole('button', { name: 'Move my order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orderstatus/order_id/77'));
    expect(callsTo(spy, 'tables.restaurant')[0]![0]).toEqual({
      params: { restaurantId: 1001, tableId: token },
      query: { v: '4102444800', sig },
    });
    expect(callsTo(spy, 'orders.userTableUpdate')[0]![0].body).toEqual({ order_id: 77, table_id: 5006 });
  });

  it('the table check refuses (Invalid QR code.) -> its words, no move', async () => {
    const spy = stubApi({
      'orders.details': () => order(),
      'tables.restaurant': () => {
        throw new InvalidQr('Invalid QR code.', 'errors.invalidQr', 404);
      },
    });
    const { user, router } = renderRoute(routes, `/changeTable/77?qr=${newTable}`);
    await user.click(await screen.findByRole('button', { name: 'Move my order' }));
    expect(await screen.findByText('Invalid QR code.')).toBeTruthy();
    expect(callsTo(spy, 'orders.userTableUpdate')).toEqual([]);
    expect(router.state.location.pathname).toBe('/changeTable/77');
  });

  it("a table of another restaurant -> the server's 'Wrong table' words, the order stays", async () => {
    stubApi({
      'orders.details': () => order(),
      'tables.restaurant': () => checkedTable(5101),
      'orders.userTableUpdate': () => {
        throw new ServerMessage('Wrong table for dinein order! Please scan again', 'errors.wrongTable', 422);
      },
    });
    const { user, router } = renderRoute(routes, `/changeTable/77?qr=${newTable}`);
    await user.click(await screen.findByRole('button', { name: 'Move my order' }));
    expect(await screen.findByText('Wrong table for dinein order! Please scan again')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/changeTable/77');
  });

  it('a completed order -> cannot move, no scan button', async () => {
    stubApi({ 'orders.details': () => order({ status: 4, status_key: 'status.completed' }) });
    renderRoute(routes, '/changeTable/77');
    expect(
      await screen.findByText('Only a dine-in order that is still running can move to another table.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Scan the new table's QR code" })).toBeNull();
  });
});
