/**
 * Once before the journeys: chooses the browser (unpacking the packaged one if the system has none,
 * so test files never race to unpack it) and prints which one runs; seeds the demo database once,
 * which every journey's server starts from a copy of (apps/api/test/global-setup.ts).
 */
import { resolveBrowser } from '@santap/browser';
import { prepareSeededDatabases } from '@santap/api/testing';

export default async function setup(): Promise<() => Promise<void>> {
  const browser = await resolveBrowser();
  console.info(`e2e browser: ${browser.description}`);
  return prepareSeededDatabases({ postgres: false });
}
