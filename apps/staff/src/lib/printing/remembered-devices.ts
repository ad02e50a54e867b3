import type { StaffPrinter } from './types';

/**
 * A printer attached to this tablet, remembered per Santap printer in localStorage, so that after a
 * reload the board opens it again with no tap (the browser keeps its permission): the fields each
 * @point-of-sale driver's `reconnect` looks for (USB: serial number or vendor and product; Bluetooth:
 * the device id; serial: vendor and product).
 */
export interface RememberedDevice {
  connection: StaffPrinter['connection'];
  type: 'usb' | 'bluetooth' | 'serial';
  vendorId: number | null;
  productId: number | null;
  serialNumber: string | null;
  id: string | null;
  /** Maker and model, to show ('EPSON TM-m30'); null when the device gave none. */
  label: string | null;
}

const key = (printerId: number) => `santap.staff.tabletPrinter.${printerId}`;

export function rememberedDevice(printerId: number): RememberedDevice | null {
  try {
    const raw = localStorage.getItem(key(printerId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' && 'type' in parsed ? (parsed as RememberedDevice) : null;
  } catch {
    return null;
  }
}

export function rememberDevice(printerId: number, device: RememberedDevice | null) {
  try {
    if (device) localStorage.setItem(key(printerId), JSON.stringify(device));
    else localStorage.removeItem(key(printerId));
  } catch {
    // Storage off: the next visit asks for a tap again.
  }
}
