import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import '@santap/ui/styles.css';
// The app's own styles, here with the entry's: one stylesheet for the first screen, not two.
import './app/app.css';
import { createAppI18n } from './app/i18n';
import { AppProviders, startLanguage, startRouter } from './app/providers';
import { routes } from './app/router';
import { hydratesHere, serverPage, whenHydrated } from './app/hydrate';

const root = document.getElementById('root')!;
const language = startLanguage();
// The server rendered this page for this browser (README "Server rendering"): its HTML is hydrated
// with the loaders' data it came with, no loader runs again. Otherwise the page is rendered here.
const server = serverPage(language);

// The first page's code starts downloading now, beside the start language's catalogue, instead of
// after it: the router asks for the same modules once it exists, and gets them from this fetch. A
// hydrated page needs its route modules in place before the router is made (it renders at once).
const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter(
  ({ route }) => typeof route.lazy === 'function',
);
const loaded = new Map<string | undefined, object>();
const modules = Promise.all(
  lazyMatches.map(async ({ route }) => {
    const module = await (route.lazy as () => Promise<object>)();
    loaded.set(route.path, module);
    if (server) Object.assign(route, { ...module, lazy: undefined });
  }),
);
if (!server) void modules.catch(() => undefined);

// The start language's catalogue is fetched before the first render (the others on a switch); the
// router starts the page's loaders meanwhile, so the data does not wait for the words.
const starting = createAppI18n(language);
/** Today's render in the browser: the router runs the page's loaders while the words load. */
async function renderHere() {
  delete window.__staticRouterHydrationData;
  startRouter(language);
  const i18n = await starting;
  createRoot(root).render(
    <StrictMode>
      <AppProviders i18n={i18n} />
    </StrictMode>,
  );
}

if (server) {
  await Promise.all([starting, modules]).then(async ([i18n]) => {
    // The words the server rendered with (a diner's page waits for the `later` group), before React
    // compares its render with the server's (the route modules were resolved before the instance
    // existed, so their own load of the group had nothing to load into).
    if (server.namespaces?.length) await i18n.loadNamespaces(server.namespaces);
    // A page whose browser keeps what the server could not see is rendered here (hydrate.ts).
    if (!hydratesHere(server, lazyMatches, loaded)) return renderHere();
    const router = startRouter(language);
    hydrateRoot(
      root,
      <StrictMode>
        <AppProviders i18n={i18n} />
      </StrictMode>,
      {
        onRecoverableError(error) {
          // A mismatch React recovered from by rendering here: logged, never silent.
          console.error('hydration', error);
        },
      },
    );
    whenHydrated(router, loaded);
  }, renderHere);
} else {
  await renderHere();
}
