import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_AWAIT, measureSizeBudget } from '@santap/vite-config/size-budget';

/**
 * The last production build (`pnpm --filter @santap/diner build`; `dist/`, as the size budget reads
 * it): what the menu's first screen loads holds nothing of the table tab — not its screens, not the
 * menu's join banner, not its calls — while the build's lazy chunks do (so the markers are real).
 * Skipped without a build (a fresh checkout's `pnpm test` builds before the size check, not before
 * this).
 */
const chunks = import.meta.glob<string>('../../dist/assets/*.js', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const built = Object.keys(chunks).length > 0;

/** Only the tab feature writes these: its CSS classes, and its contract's paths. */
const TAB_MARKERS = ['tab-join', 'tab-screen', 'tab-quote', '/api/tabs/'] as const;

describe.skipIf(!built)('the built menu first screen (dist/)', () => {
  const report = measureSizeBudget({
    // Relative to the app's folder, where its tests run (as `pnpm size` does).
    dist: 'dist',
    firstScreen: ['src/features/menu/routes/menu-page.tsx'],
    awaits: [CATALOGUE_AWAIT, /src\/main\.tsx/],
    startBudget: 1_000,
  });
  const text = (file: string) => chunks[`../../dist/${file}`] ?? '';
  const start = new Set(report.start.chunks.map((chunk) => chunk.file));
  const lazy = Object.keys(chunks)
    .map((path) => path.replace('../../dist/', ''))
    .filter((file) => !start.has(file));

  it('its chunks are found (the entry, main, the menu route)', () => {
    expect(report.start.chunks.map((chunk) => chunk.key)).toContain('src/features/menu/routes/menu-page.tsx');
    for (const file of start) expect(text(file).length, file).toBeGreaterThan(0);
  });

  it.each(TAB_MARKERS)('%s -> in a lazy chunk, in no first-screen chunk', (marker) => {
    expect(lazy.some((file) => text(file).includes(marker))).toBe(true);
    expect([...start].filter((file) => text(file).includes(marker))).toEqual([]);
  });
});

describe.skipIf(!built)('the built catalogue groups (dist/, vite.config.ts catalogueGroups)', () => {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  /** The keys of a built catalogue chunk (`virtual:santap-catalogue/<name>`), read from its JSON. */
  const keysOf = (name: string) => {
    const code = chunks[`../../dist/${manifest[`santap-catalogue/${name}`]!.file}`] ?? '';
    return [...code.matchAll(/"([a-zA-Z][\w.-]*)":"/g)].map((found) => found[1]!);
  };

  it.each(['en', 'id', 'my'])(
    "%s: the tab's words in 'tab', its links in 'later', none in the start catalogue nor the staff console's",
    (language) => {
      const start = keysOf(language);
      const later = keysOf(`${language}/later`);
      const tab = keysOf(`${language}/tab`);
      expect(start).toContain('menu.search.label');
      expect(start.filter((key) => key.startsWith('tab.') || key.startsWith('staff.'))).toEqual([]);
      expect(later.filter((key) => key.startsWith('tab.')).sort()).toEqual([
        'tab.link.order',
        'tab.link.payments',
      ]);
      expect(later).toContain('pay.methodCard');
      expect(tab).toContain('tab.pay.button');
      expect(tab.filter((key) => !key.startsWith('tab.') || key.startsWith('tab.link.'))).toEqual([]);
    },
  );

  it.each([
    ['cart', 'src/features/cart/routes/cart-page.tsx'],
    ['order status', 'src/features/orders/routes/order-status.tsx'],
  ])("the %s waits for 'later' only: no 'tab' key on its start path, no tab words counted", (_, route) => {
    const report = measureSizeBudget({
      dist: 'dist',
      firstScreen: [route],
      awaits: [CATALOGUE_AWAIT, /src\/main\.tsx/],
      withGroups: ['later'],
      startBudget: 1_000 * 1024,
    });
    expect(report.deferredKeys).toEqual([]);
    const counted = report.start.chunks.map((chunk) => chunk.key);
    expect(counted.some((key) => /santap-catalogue\/[a-z]+\/later$/.test(key))).toBe(true);
    expect(counted.filter((key) => key.includes('santap-catalogue') && key.endsWith('/tab'))).toEqual([]);
  });
});
