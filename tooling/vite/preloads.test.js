import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { firstScreenPreloads } from './index.js';

const ROOT = '/app';
const chunk = (fileName, { module, entry = false, imports = [], css = [] } = {}) => ({
  type: 'chunk',
  fileName,
  facadeModuleId: module ? `${ROOT}/${module}` : null,
  isEntry: entry,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

/** boot -> (dynamic) main -> framework, api; main's route menu-page -> framework, menu-api. */
const BUNDLE = Object.fromEntries(
  [
    chunk('assets/boot.js', { module: 'src/boot.ts', entry: true, imports: ['assets/runtime.js'] }),
    chunk('assets/runtime.js'),
    chunk('assets/main.js', {
      module: 'src/main.tsx',
      imports: ['assets/runtime.js', 'assets/framework.js', 'assets/api.js'],
      css: ['assets/main.css'],
    }),
    chunk('assets/framework.js'),
    chunk('assets/api.js', { imports: ['assets/framework.js'] }),
    chunk('assets/menu-page.js', {
      module: 'src/menu-page.tsx',
      imports: ['assets/framework.js', 'assets/menu-api.js'],
      css: ['assets/menu.css'],
    }),
    chunk('assets/menu-api.js', { imports: ['assets/api.js'] }),
  ].map((output) => [output.fileName, output]),
);

function tagsFor(options, base = '/') {
  const plugin = firstScreenPreloads(options);
  plugin.configResolved({ root: ROOT, base });
  return plugin.transformIndexHtml.handler('', { bundle: BUNDLE });
}

/** Runs the inline route script on a page at `path`; answers the links it adds. */
function linksAddedAt(script, path) {
  const added = [];
  const document = {
    createElement: () => ({}),
    head: { appendChild: (element) => added.push({ ...element }) },
  };
  runInNewContext(script, { location: { pathname: path }, document });
  return added;
}

describe('firstScreenPreloads', () => {
  it("always ['src/main.tsx'] -> modulepreload main and its imports once, not the entry's own; its CSS as a style preload", () => {
    const tags = tagsFor({ always: ['src/main.tsx'] });
    expect(tags.map((tag) => tag.attrs)).toEqual([
      { rel: 'modulepreload', crossorigin: true, href: '/assets/main.js' },
      { rel: 'modulepreload', crossorigin: true, href: '/assets/framework.js' },
      { rel: 'modulepreload', crossorigin: true, href: '/assets/api.js' },
      { rel: 'preload', as: 'style', crossorigin: true, href: '/assets/main.css' },
    ]);
  });

  it("route '/r/' under base '/fc/' -> a script preloading only the route's own chunks on /fc/r/… and nothing elsewhere", () => {
    const tags = tagsFor(
      { always: ['src/main.tsx'], routes: [{ path: '/r/', modules: ['src/menu-page.tsx'] }] },
      '/fc/',
    );
    const script = tags.find((tag) => tag.tag === 'script');
    expect(script?.injectTo).toBe('head');
    expect(linksAddedAt(script.children, '/fc/r/kopitiam-ali')).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/fc/assets/menu-page.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/fc/assets/menu-api.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/fc/assets/menu.css' },
    ]);
    expect(linksAddedAt(script.children, '/fc/cart/kopitiam-ali')).toEqual([]);
  });

  it('chunks importing each other -> each preloaded once, no endless walk', () => {
    const cyclic = {
      ...BUNDLE,
      'assets/api.js': chunk('assets/api.js', { imports: ['assets/framework.js', 'assets/main.js'] }),
    };
    const plugin = firstScreenPreloads({ always: ['src/main.tsx'] });
    plugin.configResolved({ root: ROOT, base: '/' });
    const hrefs = plugin.transformIndexHtml.handler('', { bundle: cyclic }).map((tag) => tag.attrs.href);
    expect(hrefs).toEqual(['/assets/main.js', '/assets/framework.js', '/assets/api.js', '/assets/main.css']);
  });

  it('no options -> no tags (the food court and the kiosk)', () => {
    expect(tagsFor({})).toEqual([]);
  });

  it('a module that is not in the build -> the build fails, naming it', () => {
    expect(() => tagsFor({ always: ['src/gone.tsx'] })).toThrow(/src\/gone\.tsx/);
  });
});
