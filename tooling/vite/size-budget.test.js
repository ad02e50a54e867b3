import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CATALOGUE_AWAIT,
  KB,
  catalogueGroupAwait,
  formatSizeReport,
  keyLiteral,
  measureSizeBudget,
} from './size-budget.js';

/** Text that gzip cannot shrink much (a seeded generator, so sizes are the same on every run). */
function noise(length, seed) {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += String.fromCharCode(33 + ((state >>> 16) % 90));
  }
  return text;
}

const gz = (text) => gzipSync(text, { level: 9 }).length;

const dists = [];
afterEach(() => {
  for (const dist of dists.splice(0)) rmSync(dist, { recursive: true, force: true });
});

/**
 * A build like an app's: the entry imports `_framework`; the menu route imports `_framework` and
 * `_menu-dep`; two start catalogues (my larger than en); a cart route with a large dependency; a
 * CSS file the budget ignores.
 */
function fakeBuild(sizes = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'size-budget-'));
  dists.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const files = {
    'assets/index.js': noise(sizes.entry ?? 4_000, 1),
    'assets/framework.js': noise(sizes.framework ?? 20_000, 2),
    'assets/menu-page.js': noise(3_000, 3),
    'assets/menu-dep.js': noise(2_000, 4),
    'assets/en.js': noise(1_000, 5),
    'assets/my.js': noise(1_500, 6),
    'assets/cart-page.js': noise(1_000, 7),
    'assets/cart-dep.js': noise(sizes.cartDep ?? 5_000, 8),
    'assets/index.css': noise(50_000, 9),
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dist, file), text);
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_framework.js'],
      css: ['assets/index.css'],
      dynamicImports: [
        'santap-catalogue/en',
        'santap-catalogue/my',
        'src/menu-page.tsx',
        'src/cart-page.tsx',
      ],
    },
    '_framework.js': { file: 'assets/framework.js' },
    '_menu-dep.js': { file: 'assets/menu-dep.js' },
    '_cart-dep.js': { file: 'assets/cart-dep.js' },
    'santap-catalogue/en': { file: 'assets/en.js', isDynamicEntry: true },
    'santap-catalogue/my': { file: 'assets/my.js', isDynamicEntry: true },
    'src/menu-page.tsx': {
      file: 'assets/menu-page.js',
      src: 'src/menu-page.tsx',
      isDynamicEntry: true,
      imports: ['_framework.js', '_menu-dep.js'],
    },
    'src/cart-page.tsx': {
      file: 'assets/cart-page.js',
      src: 'src/cart-page.tsx',
      isDynamicEntry: true,
      imports: ['_framework.js', '_menu-dep.js', '_cart-dep.js'],
    },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return { dist, files };
}

describe('measureSizeBudget', () => {
  it('entry, menu route and the larger start catalogue -> the start path, gzipped, CSS not counted', () => {
    const { dist, files } = fakeBuild();
    const report = measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'] });
    const roles = Object.fromEntries(report.start.chunks.map((chunk) => [chunk.file, chunk.role]));
    expect(roles).toEqual({
      'assets/index.js': 'entry',
      'assets/framework.js': 'entry',
      'assets/menu-page.js': 'first screen',
      'assets/menu-dep.js': 'first screen',
      'assets/my.js': 'awaited',
    });
    const expected = Object.keys(roles).reduce((sum, file) => sum + gz(files[file]), 0);
    expect(report.start.total).toBe(expected);
    expect(report.ok).toBe(true);
  });

  it('lazy chunk -> its own file and static imports, without what the entry loaded', () => {
    const { dist, files } = fakeBuild();
    const report = measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'] });
    const cart = report.lazy.chunks.find((chunk) => chunk.key === 'src/cart-page.tsx');
    expect(cart?.bytes).toBe(
      gz(files['assets/cart-page.js']) + gz(files['assets/menu-dep.js']) + gz(files['assets/cart-dep.js']),
    );
  });

  it('start path over its budget -> not ok, over; the text says OVER BUDGET', () => {
    const { dist } = fakeBuild({ framework: 30_000 });
    const report = measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'], startBudget: 20 * KB });
    expect(report.start.over).toBe(true);
    expect(report.ok).toBe(false);
    expect(formatSizeReport(report, '/r/:name')).toMatch(
      /Before \/r\/:name is interactive[\s\S]*OVER BUDGET/,
    );
  });

  it('one lazy chunk over its budget -> not ok, that chunk marked over', () => {
    const { dist } = fakeBuild({ cartDep: 12_000 });
    const report = measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'], lazyBudget: 10 * KB });
    expect(report.ok).toBe(false);
    expect(report.lazy.chunks.filter((chunk) => chunk.over).map((chunk) => chunk.key)).toEqual([
      'src/cart-page.tsx',
    ]);
  });

  it('a boot entry importing the main module after the first paint, awaited -> main and its imports count as start', () => {
    const { dist, files } = fakeBuild();
    const manifestPath = join(dist, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    writeFileSync(join(dist, 'assets/boot.js'), noise(200, 11));
    manifest['index.html'] = { file: 'assets/boot.js', isEntry: true, dynamicImports: ['src/main.tsx'] };
    manifest['src/main.tsx'] = {
      file: 'assets/index.js',
      src: 'src/main.tsx',
      isDynamicEntry: true,
      imports: ['_framework.js'],
    };
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const awaits = [CATALOGUE_AWAIT, /^src\/main\.tsx$/];
    const report = measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'], awaits });
    const files_ = report.start.chunks.map((chunk) => chunk.file).sort();
    expect(files_).toEqual(
      [
        'assets/boot.js',
        'assets/framework.js',
        'assets/index.js',
        'assets/menu-dep.js',
        'assets/menu-page.js',
        'assets/my.js',
      ].sort(),
    );
    const cart = report.lazy.chunks.find((chunk) => chunk.key === 'src/cart-page.tsx');
    expect(cart?.bytes).toBe(
      gz(files['assets/cart-page.js']) + gz(files['assets/menu-dep.js']) + gz(files['assets/cart-dep.js']),
    );
    expect(report.lazy.chunks.map((chunk) => chunk.key)).not.toContain('src/main.tsx');
  });

  it('no manifest -> error asking for a build; unknown first screen -> error naming it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'size-budget-'));
    dists.push(empty);
    expect(() => measureSizeBudget({ dist: empty, firstScreen: ['src/menu-page.tsx'] })).toThrow(
      /build the app first/,
    );
    const { dist } = fakeBuild();
    expect(() => measureSizeBudget({ dist, firstScreen: ['src/nope.tsx'] })).toThrow(/src\/nope\.tsx/);
  });

  it("a first-screen chunk naming a key of the 'later' catalogue group (a build before named groups) -> not ok, the file and key named", () => {
    const { dist } = fakeBuild();
    writeFileSync(
      join(dist, '.vite', 'santap-catalogue.json'),
      JSON.stringify({ leaveOut: [], later: ['auth.'] }),
    );
    expect(measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'] }).ok).toBe(true);
    // The same key in a lazy route's chunk is fine: that route awaits the group.
    writeFileSync(join(dist, 'assets/cart-page.js'), 'x("auth.login.title")');
    expect(measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'] }).deferredKeys).toEqual([]);
    writeFileSync(join(dist, 'assets/menu-dep.js'), 'const t=e=>e;t(`auth.login.title`)');
    const report = measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'] });
    expect(report.ok).toBe(false);
    expect(report.deferredKeys).toEqual([
      { file: 'assets/menu-dep.js', literal: 'auth.login.title', group: 'later' },
    ]);
    expect(formatSizeReport(report)).toMatch(
      /assets\/menu-dep\.js is on the first screen but names auth\.login\.title…, a key of the catalogue group 'later'/,
    );
  });

  /** The fake build with deferred groups `later` and `tab` and their catalogues (my larger than en). */
  function groupedBuild() {
    const { dist, files } = fakeBuild();
    const manifestPath = join(dist, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const catalogues = {
      'en/later': noise(700, 20),
      'my/later': noise(1_200, 21),
      'en/tab': noise(900, 22),
      'my/tab': noise(400, 23),
    };
    for (const [name, text] of Object.entries(catalogues)) {
      const file = `assets/${name.replace('/', '-')}.js`;
      writeFileSync(join(dist, file), text);
      manifest[`santap-catalogue/${name}`] = { file, isDynamicEntry: true };
    }
    writeFileSync(manifestPath, JSON.stringify(manifest));
    writeFileSync(
      join(dist, '.vite', 'santap-catalogue.json'),
      JSON.stringify({ leaveOut: [], groups: { later: ['pay.', 'tab.link.'], tab: ['tab.'] } }),
    );
    return { dist, files, catalogues };
  }

  it("named groups: a first screen naming a 'tab' key -> not ok with group 'tab'; a key of its longest prefix 'tab.link.' is 'later's", () => {
    const { dist } = groupedBuild();
    expect(measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'] }).ok).toBe(true);
    writeFileSync(
      join(dist, 'assets/menu-dep.js'),
      't("tab.link.order");t(`tab.${kind}`);t("tab.pay.title")',
    );
    const menu = measureSizeBudget({ dist, firstScreen: ['src/menu-page.tsx'] });
    expect(menu.ok).toBe(false);
    // One offender per chunk and group: the first 'tab' key and the 'later' one.
    expect(menu.deferredKeys).toEqual([
      { file: 'assets/menu-dep.js', literal: 'tab.link.order', group: 'later' },
      { file: 'assets/menu-dep.js', literal: 'tab.$', group: 'tab' },
    ]);
    // A route waiting for 'later' only: the tab link is allowed, the tab's own words are not.
    const cart = measureSizeBudget({ dist, firstScreen: ['src/cart-page.tsx'], withGroups: ['later'] });
    expect(cart.deferredKeys).toEqual([{ file: 'assets/menu-dep.js', literal: 'tab.$', group: 'tab' }]);
    expect(formatSizeReport(cart)).toMatch(
      /names tab\.\$…, a key of the catalogue group 'tab' it does not wait for/,
    );
    writeFileSync(join(dist, 'assets/menu-dep.js'), 't("tab.link.order")');
    expect(measureSizeBudget({ dist, firstScreen: ['src/cart-page.tsx'], withLater: true }).ok).toBe(true);
  });

  it("withGroups ['later', 'tab'] -> each group's largest catalogue counts as awaited, the other language's not", () => {
    const { dist, catalogues } = groupedBuild();
    const plain = measureSizeBudget({ dist, firstScreen: ['src/cart-page.tsx'] });
    const both = measureSizeBudget({
      dist,
      firstScreen: ['src/cart-page.tsx'],
      withGroups: ['later', 'tab'],
    });
    const roles = Object.fromEntries(both.start.chunks.map((chunk) => [chunk.file, chunk.role]));
    expect(roles['assets/my-later.js']).toBe('awaited');
    expect(roles['assets/en-tab.js']).toBe('awaited');
    expect(roles['assets/en-later.js']).toBeUndefined();
    expect(roles['assets/my-tab.js']).toBeUndefined();
    expect(both.start.total).toBe(plain.start.total + gz(catalogues['my/later']) + gz(catalogues['en/tab']));
    // A group's catalogues are not lazy chunks of a route that waits for it.
    expect(both.lazy.chunks.map((chunk) => chunk.key)).not.toContain('santap-catalogue/en/tab');
    expect(plain.lazy.chunks.map((chunk) => chunk.key)).toContain('santap-catalogue/en/tab');
  });

  it('withGroups naming a group the build does not have -> an error naming it', () => {
    const { dist } = groupedBuild();
    expect(() =>
      measureSizeBudget({ dist, firstScreen: ['src/cart-page.tsx'], withGroups: ['account'] }),
    ).toThrow(/the build has no catalogue group 'account'/);
  });

  it("a route that waits for the 'later' group itself (withLater) -> its larger later catalogue counts as awaited, its keys allowed", () => {
    const { dist } = fakeBuild();
    const later = { en: noise(700, 10), my: noise(1_200, 11) };
    writeFileSync(join(dist, 'assets/en-later.js'), later.en);
    writeFileSync(join(dist, 'assets/my-later.js'), later.my);
    const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
    manifest['santap-catalogue/en/later'] = { file: 'assets/en-later.js', isDynamicEntry: true };
    manifest['santap-catalogue/my/later'] = { file: 'assets/my-later.js', isDynamicEntry: true };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(
      join(dist, '.vite', 'santap-catalogue.json'),
      JSON.stringify({ leaveOut: [], later: ['cart.'] }),
    );
    writeFileSync(join(dist, 'assets/cart-page.js'), 'x("cart.title")');
    // As a first screen that does not wait for the group: its key is an offender, the group not counted.
    const plain = measureSizeBudget({ dist, firstScreen: ['src/cart-page.tsx'] });
    expect(plain.ok).toBe(false);
    expect(plain.start.chunks.some((chunk) => chunk.file === 'assets/my-later.js')).toBe(false);
    const report = measureSizeBudget({ dist, firstScreen: ['src/cart-page.tsx'], withLater: true });
    expect(report.deferredKeys).toEqual([]);
    expect(report.ok).toBe(true);
    const roles = Object.fromEntries(report.start.chunks.map((chunk) => [chunk.file, chunk.role]));
    expect(roles['assets/my-later.js']).toBe('awaited');
    expect(roles['assets/en-later.js']).toBeUndefined();
    expect(report.start.total).toBe(plain.start.total + gz(later.my));
  });
});

describe('catalogueGroupAwait', () => {
  it("'tab' -> each language's tab chunk, not the start catalogue nor another group", () => {
    const pattern = catalogueGroupAwait('tab');
    expect(['santap-catalogue/en/tab', 'santap-catalogue/my/tab'].every((key) => pattern.test(key))).toBe(
      true,
    );
    for (const key of ['santap-catalogue/en', 'santap-catalogue/en/later', 'santap-catalogue/en/table']) {
      expect(pattern.test(key)).toBe(false);
    }
  });
});

describe('keyLiteral', () => {
  it('group 1 -> the key as far as the literal spells it; g finds every one', () => {
    const code = 't("tab.pay.title");t(`tab.${k}`);t(\'tab.link-x\')';
    expect([...code.matchAll(keyLiteral(['tab.'], 'g'))].map((found) => found[1])).toEqual([
      'tab.pay.title',
      'tab.$',
      'tab.link-x',
    ]);
  });

  it("matches a key prefix right after a quote only: 'fc.x', \"fc.x\", `fc.x`; not fc.x or 'fcx.'", () => {
    const pattern = keyLiteral(['fc.', 'kiosk.']);
    for (const code of ["t('fc.cart')", 't("kiosk.idle")', 't(`fc.${x}`)'])
      expect(pattern.test(code)).toBe(true);
    for (const code of ['a.fc.cart', "t('fcx.cart')", "t('menu.fc.x')", "t('fc.')"]) {
      expect(pattern.test(code)).toBe(false);
    }
  });
});
