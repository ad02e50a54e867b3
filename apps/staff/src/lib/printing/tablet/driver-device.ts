import type { RememberedDevice } from '../remembered-devices';
import type { TabletConnection, TabletDeviceFactory } from './tablet-device';

/** How long after the driver's `connect()` returns its 'connected' event may still come (it is queued). */
const CONNECTED_GRACE_MS = 1_500;

/**
 * Opens the @point-of-sale driver of a connection (loaded only then: each is its own chunk). The
 * drivers log and swallow a failed open or transfer instead of throwing, so an open counts only once
 * the driver's 'connected' event came, and a print that lost the device on the way is seen through
 * its 'disconnected' event (the print loop marks that job failed).
 */
export const openDriverDevice: TabletDeviceFactory = async (connection) => {
  const Driver =
    connection === 'tablet_usb'
      ? (await import('@point-of-sale/webusb-receipt-printer')).default
      : connection === 'tablet_bluetooth'
        ? (await import('@point-of-sale/webbluetooth-receipt-printer')).default
        : (await import('@point-of-sale/webserial-receipt-printer')).default;
  const driver = new Driver();
  let waiting: ((device: ReceiptPrinterConnected) => void) | null = null;
  const lost = new Set<() => void>();
  driver.addEventListener('connected', (device) => waiting?.(device));
  driver.addEventListener('disconnected', () => {
    for (const listener of lost) listener();
  });

  const opened = async (open: () => Promise<void>): Promise<RememberedDevice | null> => {
    const connected = new Promise<ReceiptPrinterConnected | null>((resolve) => {
      waiting = resolve;
    });
    await open();
    const device = await Promise.race([
      connected,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), CONNECTED_GRACE_MS)),
    ]);
    waiting = null;
    return device ? remember(connection, device) : null;
  };

  return {
    connect: () => opened(() => driver.connect()),
    reconnect: (device) =>
      opened(() =>
        driver.reconnect({
          type: device.type,
          vendorId: device.vendorId,
          productId: device.productId,
          serialNumber: device.serialNumber ?? undefined,
          id: device.id ?? undefined,
        }),
      ),
    print: (bytes) => driver.print(bytes),
    disconnect: () => driver.disconnect(),
    onDisconnected: (listener) => lost.add(listener),
  };
};

/** What to keep of a connected device to find it again (the driver's own `reconnect` fields). */
function remember(connection: TabletConnection, device: ReceiptPrinterConnected): RememberedDevice {
  const label = [device.manufacturerName, device.productName ?? device.name].filter(Boolean).join(' ');
  return {
    connection,
    type: device.type,
    vendorId: device.vendorId ?? null,
    productId: device.productId ?? null,
    serialNumber: device.serialNumber ?? null,
    id: device.id ?? null,
    label: label || null,
  };
}
