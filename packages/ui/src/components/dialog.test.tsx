import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderIn } from '../test/render';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './fields';

afterEach(cleanup);

function Harness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Button>Behind</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Special request"
        dismissible={dismissible}
        footer={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <TextField label="Request" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('open -> role dialog, aria-modal, named by its title, focus inside, body scroll locked', async () => {
    const user = userEvent.setup();
    renderIn(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Special request' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('Tab past the last control -> first control; Shift+Tab from the first -> last (focus trapped)', async () => {
    const user = userEvent.setup();
    renderIn(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const field = screen.getByRole('textbox', { name: 'Request' });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(field);
    await user.tab();
    expect(document.activeElement).toBe(save);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(save);
    for (let i = 0; i < 6; i++) await user.tab();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('Escape -> closes, focus returns to the opener, body scroll restored', async () => {
    const user = userEvent.setup();
    renderIn(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('not dismissible: Escape -> stays open, no close button', async () => {
    const user = userEvent.setup();
    renderIn(<Harness dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('close button -> closes and returns focus to the opener', async () => {
    const user = userEvent.setup();
    renderIn(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('in Malay -> close button named "Tutup"', async () => {
    const user = userEvent.setup();
    renderIn(<Harness />, 'my');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Tutup' })).toBeTruthy();
  });
});
