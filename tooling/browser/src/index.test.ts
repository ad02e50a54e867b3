import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAUNCH_ARGS, SYSTEM_CANDIDATES, chooseBrowser, unpackPackagedChromium } from './index';

const nothing = () => false;
const only = (path: string) => (candidate: string) => candidate === path;

describe('chooseBrowser', () => {
  it('nothing set, /usr/bin/chromium present -> the system one', () => {
    expect(chooseBrowser({}, only('/usr/bin/chromium'))).toEqual({
      source: 'system',
      executablePath: '/usr/bin/chromium',
    });
  });

  it('nothing set, no system Chromium -> the packaged one', () => {
    expect(chooseBrowser({}, nothing)).toEqual({ source: 'packaged' });
  });

  it('SANTAP_BROWSER=packaged with /usr/bin/chromium present -> the packaged one', () => {
    expect(chooseBrowser({ SANTAP_BROWSER: 'packaged' }, only('/usr/bin/chromium'))).toEqual({
      source: 'packaged',
    });
  });

  it('CHROMIUM_PATH present -> that path, before the candidates', () => {
    expect(chooseBrowser({ CHROMIUM_PATH: '/opt/chrome/chrome' }, (path) => path.startsWith('/'))).toEqual({
      source: 'system',
      executablePath: '/opt/chrome/chrome',
    });
  });

  it('CHROMIUM_PATH missing on disk -> an error naming it (a wrong explicit path is not silently replaced)', () => {
    expect(() => chooseBrowser({ CHROMIUM_PATH: '/nope/chromium' }, nothing)).toThrow(/\/nope\/chromium/);
  });

  it('SANTAP_BROWSER=system and no system Chromium -> an error naming the places looked at', () => {
    expect(() => chooseBrowser({ SANTAP_BROWSER: 'system' }, nothing)).toThrow(SYSTEM_CANDIDATES[0]);
  });

  it('SANTAP_BROWSER=firefox -> an error listing the choices', () => {
    expect(() => chooseBrowser({ SANTAP_BROWSER: 'firefox' }, nothing)).toThrow(/auto, system or packaged/);
  });

  it('the launch flags keep the browser off the network and single-process off', () => {
    expect(LAUNCH_ARGS).toEqual(
      expect.arrayContaining(['--disable-background-networking', '--disable-quic']),
    );
    expect(LAUNCH_ARGS).not.toContain('--single-process');
  });
});

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('unpackPackagedChromium', () => {
  it('-> a runnable binary, its libraries and a fontconfig file pointing at its fonts, in one folder per version', async () => {
    const unpacked = await unpackPackagedChromium();
    expect(unpacked.dir).toMatch(/santap-chromium-\d+\.\d+\.\d+$/);
    expect(existsSync(unpacked.executablePath)).toBe(true);
    expect(existsSync(`${unpacked.dir}/al2023/lib/libnss3.so`)).toBe(true);
    expect(unpacked.env.LD_LIBRARY_PATH?.split(':')[0]).toBe(`${unpacked.dir}/al2023/lib`);
    expect(unpacked.env.FONTCONFIG_FILE).toBe(`${unpacked.dir}/fonts.conf`);
    // Unpacked once: a second call finds it in place.
    expect((await unpackPackagedChromium()).executablePath).toBe(unpacked.executablePath);
  }, 180_000);
});
