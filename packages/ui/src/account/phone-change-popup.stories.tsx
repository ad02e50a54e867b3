import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PhoneChangePopup } from './phone-change-popup';

const meta = {
  title: 'Account/Phone change popup',
  component: PhoneChangePopup,
  args: {
    open: true,
    onClose: fn(),
    onSendCode: fn(),
    onVerify: fn(),
    onResend: fn(),
    onChangeNumber: fn(),
    currentPhone: '+60123456789',
    initialCountry: 'MY',
    step: 'phone',
  },
} satisfies Meta<typeof PhoneChangePopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewNumber: Story = {};
export const Sending: Story = { args: { busy: true } };
export const NumberTaken: Story = { args: { error: 'validation.phoneInUse' } };
export const Code: Story = { args: { step: 'code', sentTo: '+60198765432', resendInSeconds: 27 } };
export const WrongCode: Story = {
  args: { step: 'code', sentTo: '+60198765432', error: 'errors.incorrectOtp' },
};
export const IndonesianNumber: Story = {
  args: { initialCountry: 'ID', currentPhone: '+6281234567890' },
};
