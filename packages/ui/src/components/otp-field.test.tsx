import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { OtpField } from './otp-field';

afterEach(cleanup);

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState('');
  return <OtpField value={value} onChange={setValue} onComplete={onComplete} />;
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('OtpField', () => {
  it('6 boxes, each named "Digit n of 6"; the first has autocomplete one-time-code', () => {
    renderIn(<Harness onComplete={vi.fn()} />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Digit 3 of 6' })).toBeTruthy();
    expect(boxes()[0]?.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('group', { name: 'One-time password (OTP)' })).toBeTruthy();
  });

  it('paste "12 34-56" into the first box -> every box filled, onComplete("123456")', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    renderIn(<Harness onComplete={onComplete} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('12 34-56');
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('typing 4 digits -> focus moves to box 5; Backspace on empty box 5 -> box 4 cleared and focused', async () => {
    const user = userEvent.setup();
    renderIn(<Harness onComplete={vi.fn()} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('1234');
    expect(document.activeElement).toBe(boxes()[4]);
    await user.keyboard('{Backspace}');
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '', '', '']);
    expect(document.activeElement).toBe(boxes()[3]);
  });

  it('letters -> ignored', async () => {
    const user = userEvent.setup();
    renderIn(<Harness onComplete={vi.fn()} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('a1b');
    expect(boxes().map((box) => box.value)).toEqual(['1', '', '', '', '', '']);
  });
});
