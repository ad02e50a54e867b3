/**
 * Once before the journeys: chooses the browser (unpacking the packaged one if the system has none,
 * so test files never race to unpack it) and prints which one runs.
 */
import { resolveBrowser } from '@santap/browser';

export default async function setup(): Promise<void> {
  const browser = await resolveBrowser();
  console.info(`e2e browser: ${browser.description}`);
}
