// The ZXing reader's WebAssembly, served from this app's own build (an asset of the /qr chunk, fetched
// only when the polyfill starts): the library would fetch it from a CDN, and nothing may call out at
// run time. `zxing-wasm` is pinned to the version barcode-detector's bundled glue code was built for.
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The part of the Barcode Detection API the scanner uses. */
export interface QrDetector {
  detect(source: ImageBitmapSource): Promise<readonly { rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The self-hosted URL of the ZXing reader's `.wasm` (a Vite asset URL). */
export const ZXING_READER_WASM_URL: string = zxingReaderWasm;

/**
 * Emscripten's `locateFile` for the ZXing module: the `.wasm` from this app's assets, never the CDN
 * the library points to by default; any other file next to the script, as Emscripten would.
 */
export function locateZxingFile(path: string, prefix: string): string {
  return path.endsWith('.wasm') ? ZXING_READER_WASM_URL : prefix + path;
}

/**
 * A QR detector: the browser's BarcodeDetector where it reads QR codes (Chrome on Android), else the
 * `barcode-detector` ponyfill (ZXing in WebAssembly), imported only here so its code loads only on
 * `/qr` and only when needed, with its `.wasm` from this app (`locateZxingFile`).
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
  const { BarcodeDetector, setZXingModuleOverrides } = await import('barcode-detector/ponyfill');
  setZXingModuleOverrides({ locateFile: locateZxingFile });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
