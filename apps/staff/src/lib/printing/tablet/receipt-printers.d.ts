// The parts of the @point-of-sale printer drivers this app uses (the packages ship no types).
// Each driver: connect() asks the browser for a device (needs a tap), reconnect(info) opens one the
// browser was allowed before, print(bytes) sends raw commands; events 'connected' and 'disconnected'.

/** What a driver's 'connected' event carries (the fields each transport fills differ). */
interface ReceiptPrinterConnected {
  type: 'usb' | 'bluetooth' | 'serial';
  vendorId?: number | null;
  productId?: number | null;
  serialNumber?: string;
  manufacturerName?: string;
  productName?: string;
  /** Web Bluetooth: the device's id and name. */
  id?: string;
  name?: string;
  language?: string | null;
}

declare class ReceiptPrinterDriver {
  constructor(options?: Record<string, unknown>);
  connect(): Promise<void>;
  reconnect(previous: ReceiptPrinterConnected): Promise<void>;
  disconnect(): Promise<void>;
  print(command: Uint8Array): Promise<void>;
  addEventListener(event: 'connected', listener: (device: ReceiptPrinterConnected) => void): void;
  addEventListener(event: 'disconnected', listener: () => void): void;
}

declare module '@point-of-sale/webusb-receipt-printer' {
  export default ReceiptPrinterDriver;
}
declare module '@point-of-sale/webbluetooth-receipt-printer' {
  export default ReceiptPrinterDriver;
}
declare module '@point-of-sale/webserial-receipt-printer' {
  export default ReceiptPrinterDriver;
}
