import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { AddressList } from './address-list';
import { AllergyEditPopup } from './allergy-edit-popup';
import { PhoneChangePopup } from './phone-change-popup';

afterEach(cleanup);

const phoneProps = () => ({
  open: true,
  onClose: vi.fn(),
  initialCountry: 'MY' as const,
  onSendCode: vi.fn(),
  onVerify: vi.fn(),
  onResend: vi.fn(),
  onChangeNumber: vi.fn(),
});

describe('PhoneChangePopup', () => {
  it("'12' -> 'Please enter a valid phone number' and no code is sent", async () => {
    const props = phoneProps();
    renderIn(<PhoneChangePopup {...props} step="phone" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'New mobile number' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(props.onSendCode).not.toHaveBeenCalled();
  });

  it("'012-345 6789' in Malaysia -> onSendCode('+60123456789', MY): the leading 0 dropped", async () => {
    const props = phoneProps();
    renderIn(<PhoneChangePopup {...props} step="phone" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'New mobile number' }), '012-345 6789');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(props.onSendCode).toHaveBeenCalledWith({ phone: '+60123456789', country: 'MY' });
  });

  it('code step, six digits pasted -> onVerify with them; the countdown hides the resend button', async () => {
    const props = phoneProps();
    renderIn(<PhoneChangePopup {...props} step="code" sentTo="+60198765432" resendInSeconds={12} />);
    expect(screen.getByText('We sent a 6-digit code by SMS to +60198765432')).toBeTruthy();
    expect(screen.getByText('You can resend the code in 12 s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    await userEvent.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.paste('482913');
    expect(props.onVerify).toHaveBeenCalledWith('482913');
  });

  it('code step in Malay, countdown over -> the resend button in Malay calls onResend', async () => {
    const props = phoneProps();
    renderIn(<PhoneChangePopup {...props} step="code" sentTo="+60198765432" />, 'my');
    await userEvent.click(screen.getByRole('button', { name: 'Hantar semula kod' }));
    expect(props.onResend).toHaveBeenCalledTimes(1);
  });
});

describe('AddressList', () => {
  const addresses = [
    { id: 1, label: 'home', apartment: 'A-12-3', city: 'Kuala Lumpur', isDefault: true },
    { id: 2, label: 'Nenek', apartment: 'No. 14', street: 'Jl. Kemang', city: 'Jakarta', isDefault: false },
  ];

  it('default and another -> only the other offers "Set as default"; delete names its address', async () => {
    const onSetDefault = vi.fn();
    const onDelete = vi.fn();
    renderIn(<AddressList addresses={addresses} onSetDefault={onSetDefault} onDelete={onDelete} />);
    expect(screen.getAllByRole('button', { name: /^Set as default/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Set as default: Nenek, No. 14, Jl. Kemang' }));
    expect(onSetDefault).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Delete: Home, A-12-3' }));
    expect(onDelete).toHaveBeenCalledWith(1);
  });
});

describe('AllergyEditPopup', () => {
  it('avoid -> severe with a note -> onSave({ severity: severe, note })', async () => {
    const onSave = vi.fn();
    renderIn(
      <AllergyEditPopup
        open
        onClose={vi.fn()}
        allergen="nuts"
        severity="avoid"
        onSave={onSave}
        onRemove={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: /^Severe/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Note for restaurants/ }), ' even traces ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ severity: 'severe', note: 'even traces' });
  });
});
