/** `pnpm --filter @santap/browser which`: prints the browser the e2e journeys and Lighthouse would launch. */
import { resolveBrowser } from './index';

const browser = await resolveBrowser();
console.info(`${browser.source}: ${browser.description}`);
