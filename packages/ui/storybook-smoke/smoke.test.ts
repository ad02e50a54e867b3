/**
 * The static Storybook (`storybook build`, in `storybook-static`) as a designer opens it: its
 * index lists a docs page for every component and the stories of the states that matter, and in
 * headless Chromium (the system's or the packaged one: `@santap/browser`) a few stories open at the
 * phone viewport as the phone's bottom sheet, side by side in three languages, and on the kiosk,
 * with no console error. `STORYBOOK_SHOTS=<dir>` keeps a screenshot of each for review.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, relative, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBrowser } from '@santap/browser';

const UI = resolve(import.meta.dirname, '..');
const ROOT = resolve(UI, '../..');
const STATIC = resolve(UI, process.env.STORYBOOK_DIR ?? 'storybook-static');
const SHOTS = process.env.STORYBOOK_SHOTS;

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  importPath: string;
}
const index = JSON.parse(readFileSync(join(STATIC, 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const entries = Object.values(index.entries);

/** Every stories file the config collects: the ui's and the apps' own. */
function storyFiles(): string[] {
  const dirs = [
    join(UI, 'src'),
    ...readdirSync(join(ROOT, 'apps')).map((app) => join(ROOT, 'apps', app, 'src')),
  ];
  return dirs
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.stories.tsx'))
        .map((file) => {
          const path = relative(UI, join(dir, file));
          return path.startsWith('../') ? path : `./${path}`;
        }),
    );
}

describe('the built index', () => {
  it('every stories file (ui and apps) has its stories and an autodocs page', () => {
    const files = storyFiles();
    expect(files.filter((file) => file.startsWith('../../apps/')).length).toBeGreaterThanOrEqual(4);
    const missing = files.filter(
      (file) =>
        !entries.some((entry) => entry.importPath === file && entry.type === 'story') ||
        !entries.some((entry) => entry.importPath === file && entry.type === 'docs'),
    );
    expect(missing).toEqual([]);
  });

  it('lists the Start here page and the states that matter', () => {
    const ids = new Set(entries.map((entry) => entry.id));
    const expected = [
      'start-here--docs',
      'popups-variants-and-add-ons--required-choice-missing',
      'popups-variants-and-add-ons--add-on-limit-message',
      'popups-variants-and-add-ons--severe-allergy-question',
      'apps-diner-saved-addresses-popup--choosing',
      'apps-diner-cancel-order-dialog--asking',
      'apps-kiosk-counter-payment-confirmation--restaurant',
      'apps-staff-dish-editor--not-filled-in',
    ];
    expect(expected.filter((id) => !ids.has(id))).toEqual([]);
  });
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

let server: Server;
let base: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(STATIC, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(STATIC)) return void response.writeHead(403).end();
    readFile(file).then(
      (body) =>
        response
          .writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            // Hashed assets: one download for all the stories opened.
            'cache-control': path.startsWith('/assets/') ? 'max-age=3600, immutable' : 'no-cache',
          })
          .end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const resolved = await resolveBrowser();
  browser = await chromium.launch({
    executablePath: resolved.executablePath,
    headless: true,
    args: resolved.args,
    env: { ...process.env, ...resolved.env },
  });
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

let page: Page;
/** Console errors and uncaught exceptions since the last story was opened. */
let errors: string[] = [];

/**
 * Opens a story in the one page (the bundle is fetched once, then cached) at `width` × `height`.
 */
async function openStory(
  id: string,
  viewport: { width: number; height: number },
  globals = '',
  viewMode: 'story' | 'docs' = 'story',
): Promise<{ page: Page; errors: string[] }> {
  if (!page) {
    const context = await browser.newContext({ viewport });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
  }
  await page.setViewportSize(viewport);
  await page.goto('about:blank');
  errors = [];
  await page.goto(`${base}/iframe.html?id=${id}&viewMode=${viewMode}${globals ? `&globals=${globals}` : ''}`);
  return { page, errors };
}

/** The story rendered (or Storybook's error display, which fails the check). */
async function rendered(frame: Frame | Page): Promise<void> {
  await frame.waitForSelector('body.sb-show-main:not(.sb-show-preparing-story), body.sb-show-errordisplay', {
    state: 'attached',
  });
  expect(await frame.locator('body.sb-show-errordisplay').count()).toBe(0);
}

/** The phases of Storybook's story render once its play function is over (passed or not). */
const PLAYED = ['completed', 'afterEach', 'finished', 'errored', 'aborted'];

/** Storybook's preview as the story's page holds it: the render it is on, with its phase. */
type StorybookWindow = { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } };

/**
 * The story's play function has run to its end, and passed. Storybook's preview keeps the render it
 * is on (`__STORYBOOK_PREVIEW__.currentRender`) with its phase; should a later Storybook drop it, this
 * times out: loud, never a pass.
 */
async function played(frame: Frame | Page): Promise<void> {
  await frame.waitForFunction((done) => {
    const phase = (window as StorybookWindow).__STORYBOOK_PREVIEW__?.currentRender?.phase;
    return phase !== undefined && done.includes(phase);
  }, PLAYED);
  const phase = await frame.evaluate(
    () => (window as StorybookWindow).__STORYBOOK_PREVIEW__?.currentRender?.phase,
  );
  expect(phase).not.toMatch(/errored|aborted/);
  await rendered(frame);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

const PHONE = { width: 360, height: 640 };

describe('in Chromium', () => {
  it.each([
    ['popups-variants-and-add-ons--choosing', 'dialog'],
    ['popups-variants-and-add-ons--required-choice-missing', 'dialog'],
    ['popups-variants-and-add-ons--severe-allergy-question', 'alertdialog'],
    ['apps-diner-saved-addresses-popup--choosing', 'dialog'],
  ])('%s at 360 × 640 -> a bottom sheet the width of the phone, no console error', async (id, role) => {
    const { page, errors } = await openStory(id, PHONE);
    await rendered(page);
    const dialog = page.getByRole(role as 'dialog').last();
    await dialog.waitFor();
    // Its play function (a tap) has run and passed.
    await played(page);
    await shot(page, `phone-${id}`);
    const sheet = await page.locator('.st-dialog--sheet').first().boundingBox();
    expect(sheet && { width: Math.round(sheet.width), bottom: Math.round(sheet.y + sheet.height) }).toEqual({
      width: PHONE.width,
      bottom: PHONE.height,
    });
    expect(errors).toEqual([]);
  });

  it('side by side -> three phone frames in en, id and my, each with its bottom sheet', async () => {
    const { page, errors } = await openStory(
      'popups-variants-and-add-ons--choosing',
      { width: 1152, height: 720 },
      'language:all',
    );
    await page.waitForSelector('iframe');
    const frames = await page.locator('iframe').elementHandles();
    expect(frames).toHaveLength(3);
    const langs: string[] = [];
    for (const handle of frames) {
      const frame = (await handle.contentFrame())!;
      await rendered(frame);
      await frame.getByRole('dialog').waitFor();
      langs.push((await frame.locator('html').getAttribute('lang')) ?? '');
      const sheet = await frame.locator('.st-dialog--sheet').boundingBox();
      expect(sheet && Math.round(sheet.width)).toBe(PHONE.width);
    }
    expect(langs).toEqual(['en', 'id', 'ms']);
    await page.waitForTimeout(300);
    await shot(page, 'side-by-side-variants');
    expect(errors).toEqual([]);
  });

  /** Each app's screen: the kiosk's portrait screen, the staff's kitchen tablet, else the phone. */
  const SCREENS: Record<string, { width: number; height: number }> = {
    kiosk: { width: 1080, height: 1920 },
    staff: { width: 1024, height: 768 },
  };
  const appStories = entries
    .filter((entry) => entry.type === 'story' && entry.importPath.startsWith('../../apps/'))
    .map(
      (entry) =>
        [
          entry.id,
          entry.id.endsWith('--landscape')
            ? { width: 1920, height: 1080 }
            : (SCREENS[entry.importPath.split('/')[3]!] ?? PHONE),
        ] as const,
    );

  it('the apps have dialog stories', () => {
    expect(appStories.length).toBeGreaterThanOrEqual(8);
  });

  it.each([...appStories, ['kiosk-tile--payment-choice', SCREENS.kiosk!] as const])(
    "%s at its app's screen -> renders, its play passes, no console error",
    async (id, viewport) => {
      const { page, errors } = await openStory(id, viewport);
      await played(page);
      await shot(page, `${viewport.width}x${viewport.height}-${id}`);
      expect(errors).toEqual([]);
    },
  );

  it('the docs page of a popup -> its examples render, no console error', async () => {
    const { page, errors } = await openStory(
      'popups-severe-allergy-confirm--docs',
      { width: 1280, height: 900 },
      '',
      'docs',
    );
    await page.waitForSelector('.sbdocs-content iframe, .sbdocs-content .docs-story');
    await page.waitForTimeout(500);
    await shot(page, 'docs-severe-allergy-confirm');
    expect(await page.locator('.sbdocs-title').first().textContent()).toContain('Severe allergy');
    expect(errors).toEqual([]);
  });
});
