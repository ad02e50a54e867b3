import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { normalizePath } from 'vite';
import { COMPILE_HINT, firstScreenChunk, firstScreenCompileHints, firstScreenModules } from './index.js';

/** A module graph as the bundler describes it: each module's transformed code and resolved imports. */
function graph(modules) {
  return (id) => {
    const module = modules[id];
    return module ? { code: module.code, importedIds: module.imports ?? [] } : null;
  };
}

const APP = {
  '/app/src/main.tsx': {
    code: [
      "import { createRoot } from 'react-dom/client';",
      "import { Button, type ButtonProps } from '@santap/ui';",
      "import { restaurants as calls } from '@santap/api-client';",
      "import './app.css';",
      "const routes = [{ lazy: () => import('./cart-page') }];",
    ].join('\n'),
    imports: [
      '/repo/node_modules/react-dom/client.js',
      '/repo/packages/ui/src/index.ts',
      '/repo/packages/api-client/src/index.ts',
      '/app/src/app.css',
    ],
  },
  '/repo/packages/ui/src/index.ts': {
    code: [
      '// The package index.',
      "export { Button, IconButton } from './components/button';",
      "export { Dialog } from './components/dialog';",
      "export { MapPopup as Map } from './popups/map-popup';",
    ].join('\n'),
    imports: [
      '/repo/packages/ui/src/components/button.tsx',
      '/repo/packages/ui/src/components/dialog.tsx',
      '/repo/packages/ui/src/popups/map-popup.tsx',
    ],
  },
  '/repo/packages/ui/src/components/button.tsx': {
    code: "import { cx } from './cx';\nexport function Button() { return cx(); }",
    imports: ['/repo/packages/ui/src/components/cx.ts'],
  },
  '/repo/packages/ui/src/components/cx.ts': { code: 'export const cx = () => "";' },
  '/repo/packages/ui/src/components/dialog.tsx': { code: 'export const Dialog = 1;' },
  '/repo/packages/ui/src/popups/map-popup.tsx': { code: 'export const MapPopup = 1;' },
  '/repo/packages/api-client/src/index.ts': {
    code: "export { restaurants, cart } from '@santap/contract';\nexport * from './client';",
    imports: ['/repo/packages/contract/src/index.ts', '/repo/packages/api-client/src/client.ts'],
  },
  '/repo/packages/api-client/src/client.ts': { code: 'export const createApiClient = 1;' },
  '/repo/packages/contract/src/index.ts': {
    code: "export * as restaurants from './restaurants';\nexport * as cart from './cart';",
    imports: ['/repo/packages/contract/src/restaurants.ts', '/repo/packages/contract/src/cart.ts'],
  },
  '/repo/packages/contract/src/restaurants.ts': {
    code: "import { z } from 'zod/mini';\nexport const menu = z.object({});",
    imports: ['/repo/node_modules/zod/mini/index.js'],
  },
  '/repo/packages/contract/src/cart.ts': { code: 'export const cartGet = 1;' },
  '/app/src/app.css': { code: '' },
};

describe('firstScreenModules', () => {
  const found = firstScreenModules(['/app/src/main.tsx'], graph(APP));

  it('follows a package index only to the modules of the names asked for, at any depth', () => {
    expect([...found].sort()).toEqual(
      [
        '/app/src/app.css',
        // `export * from './client'` may hold any name: followed (more rather than less).
        '/repo/packages/api-client/src/client.ts',
        '/repo/packages/contract/src/restaurants.ts',
        '/repo/packages/ui/src/components/button.tsx',
        '/repo/packages/ui/src/components/cx.ts',
      ].sort(),
    );
  });

  it('leaves out what the entry does not name (other components, other contract modules), node_modules, dynamic imports and the entry', () => {
    for (const id of [
      '/repo/packages/ui/src/components/dialog.tsx',
      '/repo/packages/ui/src/popups/map-popup.tsx',
      '/repo/packages/contract/src/cart.ts',
      '/repo/node_modules/react-dom/client.js',
      '/app/src/cart-page',
      '/app/src/main.tsx',
    ]) {
      expect(found.has(id)).toBe(false);
    }
  });

  it('a renamed export -> the module that defines it', () => {
    const withMap = {
      ...APP,
      '/app/src/main.tsx': {
        code: "import { Map } from '@santap/ui';",
        imports: ['/repo/packages/ui/src/index.ts'],
      },
    };
    expect([...firstScreenModules(['/app/src/main.tsx'], graph(withMap))]).toEqual([
      '/repo/packages/ui/src/popups/map-popup.tsx',
    ]);
  });

  it('code and resolved imports that do not match up -> nothing followed from that module', () => {
    const broken = {
      ...APP,
      '/app/src/main.tsx': { code: "import { Button } from '@santap/ui';", imports: [] },
    };
    expect(firstScreenModules(['/app/src/main.tsx'], graph(broken)).size).toBe(0);
  });
});

describe('firstScreenChunk', () => {
  it("names the first screen's modules 'first-screen', styles and everything else not", () => {
    const group = firstScreenChunk(['/app/src/main.tsx']);
    const ctx = { getModuleInfo: graph(APP) };
    expect(group.name('/repo/packages/ui/src/components/button.tsx', ctx)).toBe('first-screen');
    expect(group.name('/app/src/app.css', ctx)).toBeNull();
    expect(group.name('/repo/packages/ui/src/components/dialog.tsx', ctx)).toBeNull();
  });
});

describe('firstScreenCompileHints', () => {
  const chunk = (fileName, name, facadeModuleId = null) => ({
    type: 'chunk',
    fileName,
    name,
    facadeModuleId,
    code: 'const __vite__mapDeps=(i)=>i;\nimport"./x.js";',
  });
  const map = (fileName) => ({
    type: 'asset',
    fileName,
    source: JSON.stringify({ version: 3, mappings: ';AAAA,CAAC' }),
  });
  /** A bundle as Vite hands it over: its preamble already in the code, a source map beside each chunk. */
  const bundle = () => ({
    'assets/framework.js': chunk('assets/framework.js', 'framework'),
    'assets/framework.js.map': map('assets/framework.js.map'),
    'assets/first-screen.js': chunk('assets/first-screen.js', 'first-screen'),
    'assets/main.js': chunk('assets/main.js', 'main', normalizePath(resolve('src/main.tsx'))),
    'assets/main.js.map': map('assets/main.js.map'),
    'assets/menu-page.js': chunk(
      'assets/menu-page.js',
      'menu-page',
      normalizePath(resolve('src/menu-page.tsx')),
    ),
    'assets/cart-page.js': chunk(
      'assets/cart-page.js',
      'cart-page',
      normalizePath(resolve('src/cart-page.tsx')),
    ),
    'assets/cart-page.js.map': map('assets/cart-page.js.map'),
  });
  const generate = (files) => {
    const plugin = firstScreenCompileHints(['src/main.tsx', 'src/menu-page.tsx']);
    plugin.generateBundle.handler.call({}, {}, files);
    return files;
  };

  it("the hint is the first line of the framework, the first screen's, main's and the preloaded route's chunks", () => {
    const files = generate(bundle());
    for (const file of ['framework', 'first-screen', 'main', 'menu-page']) {
      const code = files[`assets/${file}.js`].code;
      expect(code.split('\n')[0]).toBe(COMPILE_HINT);
      expect(code.split('\n')[1]).toBe('const __vite__mapDeps=(i)=>i;');
    }
  });

  it("the hint counts in a hinted chunk's hash (the API serves assets as immutable), in no other", () => {
    const plugin = firstScreenCompileHints(['src/main.tsx']);
    const main = { name: 'main', facadeModuleId: normalizePath(resolve('src/main.tsx')) };
    expect(plugin.augmentChunkHash(main)).toBe(COMPILE_HINT);
    expect(plugin.augmentChunkHash({ name: 'framework', facadeModuleId: null })).toBe(COMPILE_HINT);
    expect(
      plugin.augmentChunkHash({ name: 'cart-page', facadeModuleId: '/app/src/cart-page.tsx' }),
    ).toBeUndefined();
  });

  it('a later page stays lazily compiled, its code and map untouched', () => {
    const files = generate(bundle());
    expect(files['assets/cart-page.js'].code).toBe(bundle()['assets/cart-page.js'].code);
    expect(JSON.parse(files['assets/cart-page.js.map'].source).mappings).toBe(';AAAA,CAAC');
  });

  it('the source map moves down the one line, so every mapping still points at its code', () => {
    const files = generate(bundle());
    expect(JSON.parse(files['assets/main.js.map'].source)).toEqual({ version: 3, mappings: ';;AAAA,CAAC' });
    expect(JSON.parse(files['assets/framework.js.map'].source).mappings).toBe(';;AAAA,CAAC');
  });

  it('a module that names no chunk (a typo, a moved route) -> the build fails, naming it', () => {
    const plugin = firstScreenCompileHints(['src/main.tsx', 'src/menu-pgae.tsx']);
    expect(() => plugin.generateBundle.handler.call({}, {}, bundle())).toThrow(
      /no chunk for .*src\/menu-pgae\.tsx/,
    );
  });

  it('the handler run twice on one bundle -> the hint and the map shift once', () => {
    const files = generate(generate(bundle()));
    expect(files['assets/main.js'].code.match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
    expect(JSON.parse(files['assets/main.js.map'].source).mappings).toBe(';;AAAA,CAAC');
  });
});
