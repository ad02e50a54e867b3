import { describe, expect, it } from 'vitest';
import { firstScreenChunk, firstScreenModules } from './index.js';

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
