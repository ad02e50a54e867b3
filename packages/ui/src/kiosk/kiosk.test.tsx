import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { KioskIdleWarning } from './kiosk-idle-warning';
import { KioskLanguagePicker } from './kiosk-language-picker';
import { KioskOrderNumber } from './kiosk-order-number';
import { KioskQueueStatus } from './kiosk-queue-status';
import { QrMatrix } from './qr-matrix';

afterEach(cleanup);

describe('kiosk pieces', () => {
  it('idle warning -> "I\'m still here" focused first; Escape does not close it; the count is rounded up', async () => {
    const onStay = vi.fn();
    const onLeave = vi.fn();
    renderIn(<KioskIdleWarning open secondsLeft={4.2} onStay={onStay} onLeave={onLeave} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog.textContent).toContain('Your order will be cleared in 5 seconds.');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: "I'm still here" }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(onLeave).toHaveBeenCalledOnce();
    expect(onStay).not.toHaveBeenCalled();
  });

  it('language picker in my -> Bahasa Melayu pressed with lang ms; a tap on English selects en', async () => {
    const onSelect = vi.fn();
    renderIn(<KioskLanguagePicker onSelect={onSelect} />, 'my');
    const group = screen.getByRole('group', { name: 'Pilih bahasa anda' });
    const pressed = group.querySelectorAll('[aria-pressed="true"]');
    expect(pressed).toHaveLength(1);
    expect(pressed[0]?.getAttribute('lang')).toBe('ms');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(onSelect).toHaveBeenCalledWith('en');
  });

  it('queue status online with no ticket -> hidden; offline with two waiting -> says so politely', () => {
    const { rerender } = renderIn(<KioskQueueStatus online tickets={[]} />);
    expect(screen.queryByRole('region', { name: 'Orders on this kiosk' })).toBeNull();
    rerender(
      <KioskQueueStatus
        online={false}
        tickets={[
          { ticket: '7F3A', state: 'waiting' },
          { ticket: 'B21C', state: 'waiting' },
        ]}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Offline');
    expect(status.textContent).toContain('Orders waiting to be sent: 2');
  });

  it('queue status with a sent ticket -> its numbers, and a dismiss button naming the ticket', async () => {
    const onDismiss = vi.fn();
    renderIn(
      <KioskQueueStatus
        online
        tickets={[
          { ticket: '7F3A', state: 'sent', numbers: [12, 3] },
          { ticket: 'B21C', state: 'waiting' },
        ]}
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByText('sent, order number 12, 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove ticket B21C from the list' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove ticket 7F3A from the list' }));
    expect(onDismiss).toHaveBeenCalledWith('7F3A');
  });

  it('order number -> one region named by its label, one big number per outlet', () => {
    renderIn(
      <KioskOrderNumber
        label="Your order number"
        numbers={[
          { name: 'Nasi Lemak Corner', value: '7' },
          { name: 'Roti Canai Stall', value: '31' },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Your order number' });
    expect(region.querySelectorAll('.st-kiosk-number__value')).toHaveLength(2);
    expect(region.textContent).toContain('Roti Canai Stall31');
  });

  it("order number with where to collect it -> the outlet's name emphasised inside the sentence, in the sentence's word order", () => {
    renderIn(
      <KioskOrderNumber
        label="Nombor pesanan anda"
        numbers={[{ name: 'Nasi Lemak Corner', collectAt: ['Ambil di gerai ', ''], value: '#7' }]}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item.textContent).toBe('Ambil di gerai Nasi Lemak Corner#7');
    expect(item.querySelector('.st-kiosk-number__where .st-kiosk-number__name')?.textContent).toBe(
      'Nasi Lemak Corner',
    );
  });

  it('QR matrix 3×3 with 4 dark modules -> one image named by its label, 4 squares, quiet zone 4', () => {
    renderIn(<QrMatrix size={3} modules={[1, 0, 1, 0, 1, 0, 0, 0, 1]} label="Payment QR code" />);
    const image = screen.getByRole('img', { name: 'Payment QR code' });
    expect(image.getAttribute('viewBox')).toBe('0 0 11 11');
    expect(image.querySelector('path')?.getAttribute('d')?.match(/M/g)).toHaveLength(4);
    expect(image.querySelector('path')?.getAttribute('d')).toContain('M4 4h1v1h-1z');
  });
});
