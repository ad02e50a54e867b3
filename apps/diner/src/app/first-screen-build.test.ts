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
