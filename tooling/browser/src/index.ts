/**
 * The Chromium the browser tools drive (e2e journeys, Lighthouse): the system's Chromium when there is
 * one, otherwise the Chromium that ships inside the npm package `@sparticuz/chromium`, unpacked once
 * into the temp dir. So `pnpm test` needs nothing but Node and npm. See README.md.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { extract } from 'tar-fs';

/** Where a system Chromium usually is (Debian's package first). */
export const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The flags every launch takes, whichever binary: headless without a sandbox or GPU, and nothing that
 * calls out (no QUIC, background networking, component updates or sync). The packaged build's own
 * `chromium.args` are made for AWS Lambda (`--single-process`, `--disable-web-security`, ...) and are
 * not used: a single-process browser breaks journeys that open several contexts.
 */
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export type BrowserSource = 'system' | 'packaged';

/** What to launch: `executablePath` with `args`, its process environment extended by `env`. */
export interface ResolvedBrowser {
  source: BrowserSource;
  executablePath: string;
  /** `chromium --version`, e.g. 'Chromium 156.0.8078.108'. */
  version: string;
  args: string[];
  /** Extra environment for the browser process (the packaged build's libraries and fonts). */
  env: Record<string, string>;
  /** One line for logs: which browser ran. */
  description: string;
}

export type Choice = { source: 'system'; executablePath: string } | { source: 'packaged' };

/**
 * Which browser to use, from the environment: `SANTAP_BROWSER` = `system` | `packaged` | `auto`
 * (default); `CHROMIUM_PATH` names the system binary. `auto` takes `CHROMIUM_PATH` (which must exist),
 * else the first of `SYSTEM_CANDIDATES` that exists, else the packaged one.
 */
export function chooseBrowser(
  env: Record<string, string | undefined>,
  exists: (path: string) => boolean,
): Choice {
  const wanted = (env.SANTAP_BROWSER ?? 'auto').trim() || 'auto';
  if (wanted !== 'auto' && wanted !== 'system' && wanted !== 'packaged') {
    throw new Error(`SANTAP_BROWSER must be auto, system or packaged, not '${wanted}'.`);
  }
  if (wanted === 'packaged') return { source: 'packaged' };
  const explicit = env.CHROMIUM_PATH?.trim();
  if (explicit) {
    if (!exists(explicit)) {
      throw new Error(
        `CHROMIUM_PATH is ${explicit}, which does not exist: fix it, unset it, or set SANTAP_BROWSER=packaged.`,
      );
    }
    return { source: 'system', executablePath: explicit };
  }
  const found = SYSTEM_CANDIDATES.find(exists);
  if (found) return { source: 'system', executablePath: found };
  if (wanted === 'system') {
    throw new Error(
      `SANTAP_BROWSER=system but no Chromium at ${SYSTEM_CANDIDATES.join(', ')}: set CHROMIUM_PATH.`,
    );
  }
  return { source: 'packaged' };
}

function versionOf(executablePath: string, env: Record<string, string> = {}): string {
  const result = spawnSync(executablePath, ['--version'], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30_000,
  });
  const line = /(Chromium|Chrome|HeadlessChrome)[^\n]*/.exec(result.stdout ?? '')?.[0];
  return line?.trim() ?? 'Chromium (version unknown)';
}

/** The `@sparticuz/chromium` package's folder of brotli archives and its version. */
function packagedBin(): { bin: string; version: string } {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@sparticuz/chromium');
  // build/index.js -> the package root
  const root = dirname(dirname(entry));
  const { version } = require(join(root, 'package.json')) as { version: string };
  return { bin: join(root, 'bin'), version };
}

async function unbrotli(source: string, target: string): Promise<void> {
  await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(target));
}

async function untarBrotli(source: string, targetDir: string): Promise<void> {
  await mkdir(targetDir, { recursive: true });
  await pipeline(createReadStream(source), createBrotliDecompress(), extract(targetDir));
}

/**
 * Unpacks the packaged Chromium once per version into `<tmp>/santap-chromium-<version>`: the binary,
 * the NSS / NSPR / expat libraries it links (built for Amazon Linux 2023, used here so a machine
 * without them still runs it), and its Open Sans fonts with a fontconfig file that points at them
 * (and at the system's fonts, if any). Unpacked into a private folder first and renamed into place,
 * so concurrent test processes never see half a browser.
 */
export async function unpackPackagedChromium(baseDir = tmpdir()): Promise<{
  dir: string;
  executablePath: string;
  env: Record<string, string>;
  packageVersion: string;
}> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `The packaged Chromium runs on Linux x64 only (this is ${process.platform} ${process.arch}): install Chromium and set CHROMIUM_PATH.`,
    );
  }
  const { bin, version } = packagedBin();
  const dir = join(baseDir, `santap-chromium-${version}`);
  const layout = (root: string) => ({
    executablePath: join(root, 'chromium'),
    env: {
      LD_LIBRARY_PATH: [join(root, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_FILE: join(root, 'fonts.conf'),
    },
  });
  if (!existsSync(join(dir, '.complete'))) {
    const staging = await mkdtemp(join(baseDir, 'santap-chromium-staging-'));
    try {
      await Promise.all([
        unbrotli(join(bin, 'chromium.br'), join(staging, 'chromium')),
        untarBrotli(join(bin, 'fonts.tar.br'), join(staging, 'fonts')),
        untarBrotli(join(bin, 'al2023.tar.br'), join(staging, 'al2023')),
      ]);
      await chmod(join(staging, 'chromium'), 0o755);
      await writeFile(
        join(staging, 'fonts.conf'),
        [
          '<?xml version="1.0"?>',
          '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
          '<fontconfig>',
          `  <dir>${join(dir, 'fonts', 'fonts')}</dir>`,
          '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
          `  <cachedir>${join(dir, 'fonts-cache')}</cachedir>`,
          '</fontconfig>',
          '',
        ].join('\n'),
      );
      await writeFile(join(staging, '.complete'), `${version}\n`);
      try {
        await rename(staging, dir);
      } catch (error) {
        // Another process put its copy in place first: keep that one.
        if (!existsSync(join(dir, '.complete'))) throw error;
      }
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
  return { dir, ...layout(dir), packageVersion: version };
}

/** The browser to launch, chosen by `chooseBrowser` from `process.env`. */
export async function resolveBrowser(
  env: Record<string, string | undefined> = process.env,
): Promise<ResolvedBrowser> {
  const choice = chooseBrowser(env, existsSync);
  if (choice.source === 'system') {
    const version = versionOf(choice.executablePath);
    return {
      source: 'system',
      executablePath: choice.executablePath,
      version,
      args: LAUNCH_ARGS,
      env: {},
      description: `${version}, the system's (${choice.executablePath})`,
    };
  }
  const packaged = await unpackPackagedChromium();
  const version = versionOf(packaged.executablePath, packaged.env);
  return {
    source: 'packaged',
    executablePath: packaged.executablePath,
    version,
    args: [...LAUNCH_ARGS, '--no-zygote'],
    env: packaged.env,
    description: `${version}, packaged (@sparticuz/chromium ${packaged.packageVersion}, unpacked at ${packaged.dir})`,
  };
}
