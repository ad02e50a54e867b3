/** The part of the Barcode Detection API the scanner uses. */
export interface QrDetector {
  detect(source: ImageBitmapSource): Promise<readonly { rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

/**
 * A QR detector: the browser's BarcodeDetector where it reads QR codes (Chrome on Android), else the
 * `barcode-detector` ponyfill (ZXing in WebAssembly), imported only here so its code loads only on
 * `/qr` and only when needed.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    try {
      const formats = (await native.getSupportedFormats?.()) ?? [];
      if (formats.includes('qr_code')) return new native({ formats: ['qr_code'] });
    } catch {
      // fall through to the ponyfill
    }
  }
  const { BarcodeDetector } = await import('barcode-detector/ponyfill');
  return new BarcodeDetector({ formats: ['qr_code'] });
}
