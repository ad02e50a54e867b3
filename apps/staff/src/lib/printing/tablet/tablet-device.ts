import type { StaffPrinter } from '../types';
import type { RememberedDevice } from '../remembered-devices';

export type TabletConnection = Extract<
  StaffPrinter['connection'],
  'tablet_usb' | 'tablet_bluetooth' | 'tablet_serial'
>;

/**
 * A printer attached to this tablet, as the print loop sees it: opened once with a tap, again
 * without one after a reload or a drop, fed raw bytes, and telling when it goes away.
 */
export interface TabletDevice {
  /** Asks the browser for the printer (must run in a tap) and opens it; null: none chosen or not opened. */
  connect(): Promise<RememberedDevice | null>;
  /** Opens a printer this browser was allowed before, with no tap; null: it is not there (yet). */
  reconnect(device: RememberedDevice): Promise<RememberedDevice | null>;
  /** Sends the printer's commands (ESC/POS or StarPRNT bytes, every copy and cut already in them). */
  print(bytes: Uint8Array): Promise<void>;
  disconnect(): Promise<void>;
  /** The device went away (unplugged, switched off, out of range). */
  onDisconnected(listener: () => void): void;
}

export type TabletDeviceFactory = (connection: TabletConnection) => Promise<TabletDevice>;

/** Whether this browser has the API a connection needs (WebUSB, Web Bluetooth, Web Serial). */
export function tabletSupported(connection: StaffPrinter['connection']): boolean {
  if (typeof navigator === 'undefined') return false;
  if (connection === 'tablet_usb') return 'usb' in navigator;
  if (connection === 'tablet_bluetooth') return 'bluetooth' in navigator;
  if (connection === 'tablet_serial') return 'serial' in navigator;
  return false;
}
