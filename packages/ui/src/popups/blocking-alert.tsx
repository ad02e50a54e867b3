import { Dialog } from '../components/dialog';
import type { DialogProps } from '../components/dialog';

/**
 * A centred `alertdialog` the diner can only leave through its own buttons: no close button, and
 * Escape or a tap outside do nothing (a payment being confirmed, a QR code that no longer works).
 */
export function BlockingAlert(props: Omit<DialogProps, 'onClose' | 'dismissible' | 'role' | 'variant'>) {
  return (
    <Dialog {...props} onClose={() => undefined} dismissible={false} role="alertdialog" variant="center" />
  );
}
