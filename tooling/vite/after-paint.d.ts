import type { Plugin } from 'vite';

/** The type the API gives a server-rendered page's entry script: not fetched, not run, until the starter starts it. */
export declare const AFTER_PAINT_TYPE: string;
/** The window event the app sends once React has taken over the server's page. */
export declare const HYDRATING_EVENT: string;
/** The inline script at the end of every built `index.html` that starts such an entry after the first paint. */
export declare const AFTER_PAINT_STARTER: string;
/** Puts {@link AFTER_PAINT_STARTER} at the end of the built `index.html`'s body. */
export declare function afterPaintStarter(): Plugin;
