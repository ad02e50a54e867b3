/**
 * Cloud printers in the e2e journeys (`src/cloud-printers.test.ts`): a loopback printer polling in a
 * loop until switched off, a printer added on the manager's printers page with its credential read off
 * the page, and the words a docket prints (from the catalogues and the demo seed).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { resources } from '@santap/i18n';
import type { TranslationKey } from '@santap/i18n';
import { MY_GROUPS } from '@santap/api/testing';
import { expectVisible } from './harness';

/** How long a loopback printer waits between polls (a real one: 5 s; the journey is in a hurry). */
export const POLL_PAUSE_MS = 1000;

/** A printer's poll loop: one poll after another with a pause, until stopped (switched off). */
export interface PollLoop {
  start(): void;
  /** Switches it off: resolves once its last poll has finished; none starts after. */
  stop(): Promise<void>;
  /** Resolves when a poll that started after this call has finished. */
  pollAfterNow(): Promise<void>;
  /** Polls that did not answer 200, or threw (none expected). */
  readonly failures: string[];
}

/** `poll` (a loopback printer's) in a {@link PollLoop}, off until started; `label` names it in failures. */
export function pollLoop(label: string, poll: () => Promise<{ status: number }>): PollLoop {
  const failures: string[] = [];
  let on = false;
  let running: Promise<void> = Promise.resolve();
  let started = 0;
  let waiters: { after: number; resolve: () => void }[] = [];
  const run = async () => {
    while (on) {
      const index = ++started;
      try {
        const { status } = await poll();
        if (status !== 200) failures.push(`${label}: poll ${index} answered ${status}`);
      } catch (error) {
        failures.push(`${label}: poll ${index} threw ${String(error)}`);
      }
      const done = waiters.filter((waiter) => waiter.after < index);
      waiters = waiters.filter((waiter) => waiter.after >= index);
      for (const waiter of done) waiter.resolve();
      if (on) await sleep(POLL_PAUSE_MS);
    }
  };
  return {
    failures,
    start() {
      if (on) return;
      on = true;
      running = run();
    },
    async stop() {
      on = false;
      await running;
    },
    pollAfterNow() {
      if (!on) return Promise.reject(new Error(`${label} is switched off`));
      return new Promise((resolve) => waiters.push({ after: started, resolve }));
    },
  };
}

/** A catalogue's words in `language` (what a docket in that language prints). */
export const words = (language: 'en' | 'my', key: TranslationKey) =>
  (resources[language].translation as Record<TranslationKey, string>)[key];
/** A demo option's name in `language` (`MY_GROUPS` of the seed). */
export function optionName(group: keyof typeof MY_GROUPS, id: string, language: 'en' | 'my') {
  const option = MY_GROUPS[group].options.find((each) => each.id === id);
  if (!option) throw new Error(`no option ${id} in ${group}`);
  return option.name[language]!;
}

/**
 * On the printers page: 'Add a printer' with `name`, its connection and paper width (the rest as the
 * form starts: every dish, new orders, added items and cancellations, one copy) and `language`; then
 * the credential shown once, read off the page as a manager copies it into the printer.
 */
export async function addCloudPrinter(
  page: Page,
  printer: { name: string; connection: string; paper: string; language: string },
) {
  await page.getByRole('button', { name: 'Add a printer' }).click();
  const form = page.getByRole('dialog', { name: 'New printer' });
  await form.getByRole('textbox', { name: 'Name' }).fill(printer.name);
  await form.getByLabel('Connection').selectOption({ label: printer.connection });
  await form.getByRole('radio', { name: printer.paper }).check();
  await form.getByLabel('Docket language').selectOption({ label: printer.language });
  await form.getByRole('button', { name: 'Save' }).click();
  const secret = page.getByRole('alertdialog', { name: 'Write this down now' });
  await expectVisible(secret);
  const value = async (label: string) => {
    const line = secret.locator('.printers-secret__line').filter({
      has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }),
    });
    return ((await line.locator('code').textContent()) ?? '').trim();
  };
  const shown = {
    url: await value('Server URL'),
    username: await value('User name'),
    password: await value('Password'),
  };
  await secret.getByRole('button', { name: "I've written it down" }).click();
  await secret.waitFor({ state: 'hidden' });
  return shown;
}
