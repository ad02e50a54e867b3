import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as PonyfillModule from 'barcode-detector/ponyfill';
import { ZXING_READER_WASM_URL, createQrDetector, locateZxingFile } from './detector';

type Ponyfill = typeof PonyfillModule;

const ponyfill = vi.hoisted(() => ({
  constructed: [] as unknown[],
  setZXingModuleOverrides: vi.fn(),
}));

vi.mock('barcode-detector/ponyfill', () => ({
  setZXingModuleOverrides: ponyfill.setZXingModuleOverrides,
  BarcodeDetector: class {
    constructor(readonly options: unknown) {
      ponyfill.constructed.push(options);
    }
    detect() {
      return Promise.resolve([]);
    }
  },
}));

/** A browser BarcodeDetector that reads `formats`. */
function nativeDetector(formats: string[]) {
  return class {
    static getSupportedFormats = () => Promise.resolve(formats);
    constructor(readonly options: { formats: string[] }) {}
    detect() {
      return Promise.resolve([]);
    }
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  ponyfill.constructed.length = 0;
  ponyfill.setZXingModuleOverrides.mockClear();
});

describe('createQrDetector', () => {
  it("the browser's BarcodeDetector reads QR -> that one; the polyfill is not set up", async () => {
    const Native = nativeDetector(['ean_13', 'qr_code']);
    vi.stubGlobal('BarcodeDetector', Native);
    const detector = await createQrDetector();
    expect(detector).toBeInstanceOf(Native);
    expect((detector as InstanceType<typeof Native>).options).toEqual({ formats: ['qr_code'] });
    expect(ponyfill.constructed).toEqual([]);
  });

  it('a BarcodeDetector without qr_code (desktop Chrome on Linux) -> the polyfill, for QR only', async () => {
    vi.stubGlobal('BarcodeDetector', nativeDetector(['ean_13']));
    await createQrDetector();
    expect(ponyfill.constructed).toEqual([{ formats: ['qr_code'] }]);
  });

  it('no BarcodeDetector (Safari, Firefox) -> the polyfill, its wasm located in this app, never on the CDN', async () => {
    vi.stubGlobal('BarcodeDetector', undefined);
    await createQrDetector();
    expect(ponyfill.constructed).toEqual([{ formats: ['qr_code'] }]);
    expect(ponyfill.setZXingModuleOverrides).toHaveBeenCalledTimes(1);
    const [{ locateFile }] = ponyfill.setZXingModuleOverrides.mock.calls[0] as [
      { locateFile: (path: string, prefix: string) => string },
    ];
    expect(
      locateFile('zxing_reader.wasm', 'https://fastly.jsdelivr.net/npm/zxing-wasm@3.1.3/dist/reader/'),
    ).toBe(ZXING_READER_WASM_URL);
  });
});

describe('locateZxingFile', () => {
  it('the .wasm -> the asset URL of the installed zxing-wasm reader (same origin, no CDN)', () => {
    expect(locateZxingFile('zxing_reader.wasm', 'https://cdn.test/')).toBe(ZXING_READER_WASM_URL);
    expect(ZXING_READER_WASM_URL).toMatch(/zxing_reader\.wasm$/);
    expect(ZXING_READER_WASM_URL).not.toMatch(/^(https?:)?\/\//);
    expect(ZXING_READER_WASM_URL).not.toMatch(/jsdelivr/);
  });

  it('another file -> beside the script, as Emscripten does', () => {
    expect(locateZxingFile('zxing_reader.data', '/assets/')).toBe('/assets/zxing_reader.data');
  });
});

describe('the pinned zxing-wasm', () => {
  it("-> the very version barcode-detector's glue code loads (a mismatched wasm would not instantiate)", async () => {
    const real = await vi.importActual<Ponyfill>('barcode-detector/ponyfill');
    // The app's own zxing-wasm (vitest runs in apps/diner).
    const packageJson = join(process.cwd(), 'node_modules/zxing-wasm/package.json');
    const installed = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
    expect(real.ZXING_WASM_VERSION).toBe(installed.version);
  });

  /** The URLs a fresh real polyfill fetches to start ZXing, with `locateFile` if given (no network). */
  async function wasmFetches(locateFile?: typeof locateZxingFile): Promise<string[]> {
    vi.resetModules();
    const real = await vi.importActual<Ponyfill>('barcode-detector/ponyfill');
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        fetched.push(input instanceof Request ? input.url : String(input));
        return Promise.reject(new TypeError('offline in tests'));
      }),
    );
    // Emscripten reports the failed fetch on the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    if (locateFile) real.setZXingModuleOverrides({ locateFile });
    await real.prepareZXingModule({ fireImmediately: true }).catch(() => undefined);
    real.purgeZXingModule();
    return fetched;
  }

  it('the real polyfill with our override -> fetches the wasm from our URL, never from jsdelivr', async () => {
    const fetched = await wasmFetches(locateZxingFile);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((url) => url.endsWith(ZXING_READER_WASM_URL))).toBe(true);
    expect(fetched.some((url) => url.includes('jsdelivr'))).toBe(false);
  });

  it('the real polyfill left to itself -> the CDN (what the override prevents)', async () => {
    const fetched = await wasmFetches();
    expect(fetched.some((url) => url.startsWith('https://fastly.jsdelivr.net/'))).toBe(true);
  });
});
