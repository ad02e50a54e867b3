import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { FoodCourtCoupons } from './food-court-coupons';
import { FoodCourtOrderTypePopup } from './food-court-order-type-popup';
import { OutletCard, cuisineText } from './outlet-card';

afterEach(cleanup);

describe('FoodCourtOrderTypePopup', () => {
  it('no table QR -> dine-in shown but disabled with why; pickup -> delivery confirmed', async () => {
    const onConfirm = vi.fn();
    renderIn(
      <FoodCourtOrderTypePopup
        open
        onClose={vi.fn()}
        orderTypes={[1, 2, 3]}
        value={3}
        onConfirm={onConfirm}
      />,
    );
    const dineIn = screen.getByRole('radio', { name: /Dine-in/ });
    expect(dineIn).toHaveProperty('disabled', true);
    expect(screen.getByText('Scan the QR code on your table to eat here')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith(2);
  });

  it("delivery with an outlet that does not deliver -> 'Delivery Not Supported' naming it, before confirming", async () => {
    renderIn(
      <FoodCourtOrderTypePopup
        open
        onClose={vi.fn()}
        orderTypes={[1, 2, 3]}
        value={3}
        table="Table F1"
        nonDeliveringOutlets={['Char Kway Teow Ah Seng']}
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.queryByText('Delivery Not Supported')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    expect(screen.getByText('Delivery Not Supported')).toBeTruthy();
    expect(
      screen.getByText(/their items will be removed from your cart: Char Kway Teow Ah Seng\./),
    ).toBeTruthy();
  });
});

describe('FoodCourtCoupons', () => {
  const props = {
    currency: 'MYR' as const,
    applied: [
      { outletId: 1011, outletName: 'Nasi Lemak Mak Jah', code: 'FOODCOURT10', amount: 120 },
      { outletId: 1013, outletName: 'Roti Canai Raju', code: null, amount: 0 },
    ],
    coupons: [],
    onApply: vi.fn(),
    onRemoveOutlet: vi.fn(),
    onRemoveAll: vi.fn(),
  };

  it("a typed code -> applied in capitals; 'Remove' on an outlet -> that outlet only", async () => {
    renderIn(<FoodCourtCoupons {...props} />);
    expect(screen.getByText('FOODCOURT10 on Nasi Lemak Mak Jah')).toBeTruthy();
    expect(screen.queryByText(/on Roti Canai Raju/)).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'roti10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(props.onApply).toHaveBeenCalledWith('ROTI10');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the coupon from Nasi Lemak Mak Jah' }));
    expect(props.onRemoveOutlet).toHaveBeenCalledWith(1011);
  });

  it("an empty code -> 'Required', nothing applied", async () => {
    const onApply = vi.fn();
    renderIn(<FoodCourtCoupons {...props} onApply={onApply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Required')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });
});

describe('OutletCard', () => {
  it('a plain click -> onNavigate (no page load); the link keeps its href', async () => {
    const onNavigate = vi.fn();
    renderIn(
      <ul>
        <OutletCard
          outlet={{ name: 'Teh Tarik Bar', cuisine: 'drinks', halal: true, isOpen: true }}
          href="/fc/mall-demo/r/mall-demo-teh-tarik-bar"
          onNavigate={onNavigate}
        />
      </ul>,
      'id',
    );
    const link = screen.getByRole('link', { name: 'Teh Tarik Bar Minuman' });
    expect(link.getAttribute('href')).toBe('/fc/mall-demo/r/mall-demo-teh-tarik-bar');
    await userEvent.click(link);
    expect(onNavigate).toHaveBeenCalledOnce();
    expect(within(link.closest('li')!).getByText('Buka sekarang')).toBeTruthy();
  });

  it("cuisineText: a known cuisine -> catalogue words; an unknown slug -> the restaurant's words", () => {
    const t = (key: string) => (key === 'fc.cuisine.mamak' ? 'Mamak (Indian-Muslim)' : key);
    expect(cuisineText('mamak', t as never)).toBe('Mamak (Indian-Muslim)');
    expect(cuisineText('teochew-noodles', t as never)).toBe('teochew noodles');
  });
});
