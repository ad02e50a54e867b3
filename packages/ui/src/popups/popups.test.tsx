import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { DateOfBirthPopup } from './date-of-birth-popup';
import { EmailInvoicePopup } from './email-invoice-popup';
import { ExitPagePopup } from './exit-page-popup';
import { LanguagePopup } from './language-popup';
import { ManualAddressPopup } from './manual-address-popup';
import { DiscountsPopup } from './discounts-popup';
import { QrExpiredPopup } from './qr-expired-popup';
import { SchedulePopup } from './schedule-order-popup';

afterEach(cleanup);

const noop = () => undefined;

describe('SchedulePopup', () => {
  const days = [
    {
      date: '2025-03-14',
      slots: [{ date: '2025-03-14', time: '19:00', epoch: 1741950000, selectedTime: '19:00 - 19:30' }],
    },
    { date: '2025-03-15', slots: [] },
  ];

  it('scheduled without a slot -> "Please select a time slot"; slot chosen -> onConfirm with it', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderIn(
      <SchedulePopup
        open
        onClose={noop}
        orderTypes={[1, 2, 3]}
        orderType={2}
        onOrderTypeChange={noop}
        asapAvailable
        days={days}
        today="2025-03-14"
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    expect(screen.getByRole('radio', { name: /^Today, Fri/ })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Tomorrow/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Please select a time slot')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: '19:00 - 19:30' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith({ orderType: 2, orderTime: 'SCHEDULED', slot: days[0]?.slots[0] });
  });

  it('order type tab tapped -> onOrderTypeChange(3); closed now -> ASAP disabled with "Restaurant is currently closed"', async () => {
    const onOrderTypeChange = vi.fn();
    const user = userEvent.setup();
    renderIn(
      <SchedulePopup
        open
        onClose={noop}
        orderTypes={[2, 3]}
        orderType={2}
        onOrderTypeChange={onOrderTypeChange}
        asapAvailable={false}
        days={days}
        today="2025-03-14"
        onConfirm={noop}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));
    expect(onOrderTypeChange).toHaveBeenCalledWith(3);
    expect((screen.getByRole('radio', { name: /ASAP/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Restaurant is currently closed')).toBeTruthy();
  });

  it('in Malay -> day labels use Intl "ms" (Jumaat), never Burmese digits', async () => {
    const user = userEvent.setup();
    renderIn(
      <SchedulePopup
        open
        onClose={noop}
        orderTypes={[1]}
        orderType={1}
        onOrderTypeChange={noop}
        asapAvailable
        days={days}
        today="2025-03-14"
        onConfirm={noop}
      />,
      'my',
    );
    await user.click(screen.getByRole('radio', { name: 'Jadualkan untuk kemudian' }));
    const today = screen.getByRole('radio', { name: /^Hari ini/ });
    expect(today.closest('label')?.textContent).toMatch(/Jum/);
    expect(today.closest('label')?.textContent).toMatch(/14/);
  });
});

describe('DateOfBirthPopup', () => {
  const now = new Date('2025-03-14T04:00:00Z');

  it('17-year-old -> "You must be at least 18 years old", no confirmation', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderIn(<DateOfBirthPopup open onClose={noop} now={now} onSave={onSave} initialValue="2008-03-15" />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('You must be at least 18 years old')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('18 today -> confirmation shows the date in words and the saved-once warning; confirm -> onSave', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderIn(<DateOfBirthPopup open onClose={noop} now={now} onSave={onSave} initialValue="2007-03-14" />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog', { name: 'Is this correct?' })).toBeTruthy();
    expect(screen.getByText('Date of birth: March 14, 2007')).toBeTruthy();
    expect(screen.getByText('Date of birth can only be saved once and cannot be changed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm and save' }));
    expect(onSave).toHaveBeenCalledWith('2007-03-14');
  });

  it('empty -> "Required"', async () => {
    const user = userEvent.setup();
    renderIn(<DateOfBirthPopup open onClose={noop} now={now} onSave={noop} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Required')).toBeTruthy();
  });
});

describe('EmailInvoicePopup', () => {
  it('"ali.example.com" -> the spec\'s missing-@ message; "ali@example.com" -> onSend', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    renderIn(<EmailInvoicePopup open onClose={noop} onSend={onSend} status="idle" />);
    const field = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(field, 'ali.example.com');
    await user.click(screen.getByRole('button', { name: 'Send invoice' }));
    expect(screen.getByText("Please include an '@' in the email address")).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'ali@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invoice' }));
    expect(onSend).toHaveBeenCalledWith('ali@example.com');
  });

  it('failed -> "Couldn\'t Send Invoice" as an alert', () => {
    renderIn(<EmailInvoicePopup open onClose={noop} onSend={noop} status="failed" />);
    expect(within(screen.getByRole('alert')).getByText("Couldn't Send Invoice")).toBeTruthy();
  });
});

describe('ManualAddressPopup', () => {
  it('empty house number and city -> "Required" twice, focus on house number, no submit', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderIn(<ManualAddressPopup open onClose={noop} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Apartment or house number' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Apartment or house number' }), ' 12 ');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Kuala Lumpur');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSubmit).toHaveBeenCalledWith({ houseNumber: '12', landmark: '', city: 'Kuala Lumpur' });
  });

  it('error notFound -> "Address Not Found"', () => {
    renderIn(<ManualAddressPopup open onClose={noop} onSubmit={noop} error="notFound" />);
    expect(screen.getByText('Address Not Found')).toBeTruthy();
  });
});

describe('small popups', () => {
  it('language popup -> each language in its own name, current one pressed; tap -> onSelect("id")', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderIn(<LanguagePopup open onClose={noop} onSelect={onSelect} />, 'my');
    const malay = screen.getByRole('button', { name: /Bahasa Melayu/ });
    expect(malay.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Bahasa Indonesia').getAttribute('lang')).toBe('id');
    expect(screen.getByText('Bahasa Melayu').getAttribute('lang')).toBe('ms');
    await user.click(screen.getByRole('button', { name: /Bahasa Indonesia/ }));
    expect(onSelect).toHaveBeenCalledWith('id');
  });

  it('exit page -> Stay focused first, Escape means stay', async () => {
    const onStay = vi.fn();
    const user = userEvent.setup();
    renderIn(<ExitPagePopup open reason="payment" onStay={onStay} onLeave={noop} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' }));
    await user.keyboard('{Escape}');
    expect(onStay).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['expired', 'QR Code Expired!'],
    ['gone', 'QR Code No Longer Exists!'],
  ] as const)('QR popup %s -> "%s" with the staff message', (reason, title) => {
    renderIn(<QrExpiredPopup open reason={reason} onScanAgain={noop} />);
    expect(screen.getByRole('alertdialog', { name: title })).toBeTruthy();
    expect(
      screen.getByText('Please ask the restaurant staff to generate a new QR code for you'),
    ).toBeTruthy();
  });
});

describe('DiscountsPopup', () => {
  const discounts = [
    { id: 'HEMAT10', title: '10% off', minOrder: 3000 },
    { id: 'RM5OFF', title: 'RM 5 off' },
  ];

  it('with onApply -> one tap on "Apply coupon HEMAT10" -> onApply("HEMAT10"); the applied one is disabled', async () => {
    const onApply = vi.fn();
    const user = userEvent.setup();
    renderIn(
      <DiscountsPopup
        open
        onClose={noop}
        currency="MYR"
        discounts={discounts}
        appliedId="RM5OFF"
        onApply={onApply}
      />,
    );
    expect(screen.getByText('Min. order RM 30.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply coupon HEMAT10' }));
    expect(onApply).toHaveBeenCalledWith('HEMAT10');
    expect((screen.getByRole('button', { name: 'Apply coupon RM5OFF' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('without onApply -> no apply buttons; an apply refusal -> its words', () => {
    renderIn(
      <DiscountsPopup
        open
        onClose={noop}
        currency="MYR"
        discounts={discounts}
        applyError={{ key: 'errors.couponExpired' }}
      />,
    );
    expect(screen.queryByRole('button', { name: /Apply coupon/ })).toBeNull();
    expect(screen.getByText('This coupon has expired')).toBeTruthy();
  });
});
