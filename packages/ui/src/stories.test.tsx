import { composeStories, setProjectAnnotations } from '@storybook/react';
import type { Meta, StoryFn } from '@storybook/react';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_ENDONYMS, SUPPORTED_LANGUAGES, hasKey, resources } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import preview from '../.storybook/preview';

/**
 * Every story of the package, rendered in en, id and my: it renders without a React error, every
 * control has an accessible name, and no raw catalogue key ('ui.common.close') is visible. In id and
 * my every word on screen is translated: a text left as it was in English must be story data (a
 * name, a price, a code from `args`). A busy state shows a loading indicator and an error state
 * its error text; some states get their own check (the add-on limit).
 */
type StoriesModule = { default: Meta } & Record<string, StoryFn | Meta>;
const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });
/** The stories' source text: sample data written in a story (not passed as args) is data too. */
const sources = import.meta.glob<string>('./**/*.stories.tsx', {
  eager: true,
  query: '?raw',
  import: 'default',
});

const NAMED_ROLES = [
  'button',
  'link',
  'textbox',
  'checkbox',
  'radio',
  'combobox',
  'spinbutton',
  'tab',
  'dialog',
  'alertdialog',
  'slider',
  'switch',
  'group',
] as const;
const RAW_KEY = /^[a-z]+\.[a-zA-Z.]+$/;

function visibleTexts(root: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of Array.from(root.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))) {
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(attribute)?.trim();
      if (value) texts.push(value);
    }
  }
  return texts;
}

let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** What is wrong in the rendered document: unnamed controls and visible raw catalogue keys. */
function problemsIn(root: HTMLElement): { unnamed: string[]; rawKeys: string[] } {
  const unnamed = NAMED_ROLES.flatMap((role) =>
    screen
      .queryAllByRole(role, { name: (name) => name.trim() === '' })
      .map((element) => `${role}: ${element.outerHTML.slice(0, 120)}`),
  );
  return { unnamed, rawKeys: visibleTexts(root).filter((text) => RAW_KEY.test(text)) };
}

describe('the story checks themselves', () => {
  it('an icon button without a name and a raw key on screen -> both reported', () => {
    render(
      <div>
        <button type="button">
          <svg aria-hidden="true" />
        </button>
        <input type="text" />
        <p>ui.common.close</p>
        <button type="button">Close</button>
      </div>,
    );
    const problems = problemsIn(document.body);
    expect(problems.unnamed).toHaveLength(2);
    expect(problems.rawKeys).toEqual(['ui.common.close']);
  });
});

/** Per language, the catalogue values written the same in en and in it ('Total', 'Email'): not a miss. */
const SAME_AS_ENGLISH = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    new Set(
      Object.entries(resources.en.translation)
        .filter(([key, value]) => (resources[language].translation as Record<string, string>)[key] === value)
        .map(([, value]) => value),
    ),
  ]),
) as Record<SupportedLanguage, Set<string>>;

/** Every string inside a story's args (restaurant and diner data: names, codes, notes). */
function dataStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    // A slug is shown in words when the catalogue does not know it ('teochew-noodles').
    if (value.trim()) into.push(value.trim(), value.trim().replace(/-/g, ' '));
  } else if (typeof value === 'number') {
    into.push(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) dataStrings(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) dataStrings(item, into);
  }
  return into;
}

const MONEY = /[+−-]?(?:RM|Rp)\s?[\d.,]+/g;

/**
 * The texts shown in the same words in en and in `language` that are not data: what is left of a
 * text once the args' strings, amounts of money and the language names are taken out still has a
 * word (two letters or more), it is not a catalogue value written the same in both languages, and
 * it is not written in the story file itself (sample data a story renders without args). Words a
 * component writes itself, in English, are none of these.
 */
function untranslated(
  en: readonly string[],
  other: readonly string[],
  language: SupportedLanguage,
  data: { args: readonly string[]; source: string },
): string[] {
  const known = [...data.args, ...Object.values(LANGUAGE_ENDONYMS)].sort((a, b) => b.length - a.length);
  return en.filter((text) => {
    if (!other.includes(text) || SAME_AS_ENGLISH[language].has(text)) return false;
    if (data.source.includes(text)) return false;
    let rest = text.replace(MONEY, ' ');
    for (const piece of known) rest = rest.split(piece).join(' ');
    return /\p{L}{2,}/u.test(rest);
  });
}

/**
 * Stories whose only words are data, so id and my look exactly like en, with the reason. Any other
 * story must change on screen when the language does.
 */
const LANGUAGE_FREE: Record<string, string> = {
  'components/money-text.stories.tsx': 'a formatted amount alone: RM and Rp read the same in every language',
  'components/photo.stories.tsx':
    'a photo or its drawn fallback alone: no words (the name beside it is data)',
  'components/page.stories.tsx TitleOnly': 'the restaurant name (data) is the page title and its only text',
};

const BUSY_STORY = /Loading|Saving|Sending|Adding|Applying|Cancelling|Refreshing|Busy|Requesting/;
const BUSY_ARGS = ['loading', 'saving', 'sending', 'adding', 'busy', 'applying', 'cancelling'];
const ERROR_STORY = /(Failed|Error|Refused|Invalid|WrongCode|Taken)$/;

/**
 * States named as errors that are not an error of the diner's action, with the reason (no alert
 * expected). The error text of the others is checked against their `error` arg.
 */
const NOT_AN_ALERT: Record<string, string> = {
  'account/referral-share-card.stories.tsx CopyFailed':
    'the code stays on screen to copy by hand: a polite status, not an alert',
  'shell/reload-prompt.stories.tsx ChunkFailed': 'the whole dialog is the message (title and Reload)',
  'kiosk/kiosk-queue-status.stories.tsx Refused':
    'a refused order is a line of the polite queue status the staff read, with its reason',
};

function showsBusy(root: HTMLElement): boolean {
  return root.querySelector('[role="status"], [aria-busy="true"]') !== null;
}

/** What a story in `language` must show for its state; empty when nothing is expected. */
function stateProblems(
  id: string,
  name: string,
  args: Record<string, unknown>,
  language: SupportedLanguage,
): string[] {
  const problems: string[] = [];
  const busyExpected = BUSY_STORY.test(name) || BUSY_ARGS.some((arg) => args[arg] === true);
  if (busyExpected && !showsBusy(document.body)) {
    problems.push('busy state without a loading indicator (role=status or aria-busy)');
  }
  const error = args.error;
  const errorExpected = (ERROR_STORY.test(name) && !(id in NOT_AN_ALERT)) || Boolean(error);
  if (errorExpected) {
    const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
    const words =
      typeof error === 'string'
        ? hasKey(error)
          ? resources[language].translation[error]
          : error.includes(' ')
            ? error
            : ''
        : '';
    if (!alerts.some((text) => text.trim() !== '' && text.includes(words))) {
      problems.push(`error state without an alert saying "${words}" (alerts: ${JSON.stringify(alerts)})`);
    }
  }
  return problems;
}

describe('the language and state checks themselves', () => {
  it('English left in an id story -> reported; data, prices and words spelt the same -> not', () => {
    const en = [
      'Nasi Lemak',
      'RM 12.50',
      'Add to cart',
      '1 × Nasi Lemak',
      'Total',
      'Bahasa Melayu',
      'SANTAP10',
    ];
    const data = { args: ['Nasi Lemak'], source: "code: 'SANTAP10'" };
    expect(untranslated(en, en, 'id', data)).toEqual(['Add to cart']);
    // 'Total' is 'Jumlah' in Malay: the same word in my is a miss.
    expect(untranslated(en, en, 'my', data)).toEqual(['Add to cart', 'Total']);
    expect(untranslated(en, ['Tambah ke troli', 'Nasi Lemak', 'Total'], 'id', data)).toEqual([]);
  });

  it('a loading state with a hidden skeleton only, an error state without an alert -> both reported', async () => {
    render(
      <div>
        <span aria-hidden="true">…</span>
      </div>,
    );
    expect(stateProblems('x Loading', 'Loading', {}, 'en')).toEqual([
      'busy state without a loading indicator (role=status or aria-busy)',
    ]);
    expect(stateProblems('x Failed', 'Failed', { error: 'errors.noInternet' }, 'id')).toHaveLength(1);
    cleanup();
    render(<p role="alert">{resources.id.translation['errors.noInternet']}</p>);
    expect(stateProblems('x Failed', 'Failed', { error: 'errors.noInternet' }, 'id')).toEqual([]);
    expect(stateProblems('x Failed', 'Failed', { error: 'errors.noInternet' }, 'en')).toHaveLength(1);
  });
});

/**
 * Explicit checks of states that matter, run on the rendered story in each language: `language`,
 * the words of that language.
 */
const STATE_CHECKS: Record<string, (language: SupportedLanguage) => Promise<void>> = {
  // Two of at most two add-ons chosen: a third tap shows the limit message and the option stays off.
  'popups/variants-popup.stories.tsx AtAddOnLimit': async (language) => {
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: /^Fried egg/ })).toHaveProperty('checked', true);
    const third = within(dialog).getByRole('checkbox', { name: /^Extra sambal/ });
    await userEvent.setup().click(third);
    expect(third).toHaveProperty('checked', false);
    expect(
      within(dialog).getByText(resources[language].translation['validation.optionLimitReached']),
    ).toBeTruthy();
  },
  // The save-trees choice could not be saved: the reason is announced and the choice is kept.
  'popups/save-trees-popup.stories.tsx SaveFailed': async (language) => {
    expect(screen.getByRole('alert').textContent).toContain(
      resources[language].translation['errors.noInternet'],
    );
    const cutlery = screen.getByRole('checkbox', {
      name: new RegExp(resources[language].translation['ui.saveTrees.cutlery']),
    });
    expect(cutlery).toHaveProperty('checked', true);
  },
};

type ComposedStory = ReturnType<typeof composeStories<StoriesModule>>[string];

describe.each(Object.entries(modules))('%s', (path, module) => {
  const file = path.replace(/^\.\//, '');
  const composed = Object.fromEntries(
    SUPPORTED_LANGUAGES.map((language) => [
      language,
      composeStories(module, setProjectAnnotations([preview, { initialGlobals: { language } }])),
    ]),
  ) as Record<SupportedLanguage, Record<string, ComposedStory>>;

  it.each(Object.keys(composed.en))(
    '%s in en, id and my -> renders, named controls, no raw keys, translated, its state shown',
    async (name) => {
      const id = `${file} ${name}`;
      const texts = {} as Record<SupportedLanguage, string[]>;
      const problems = {} as Record<SupportedLanguage, unknown>;
      for (const language of SUPPORTED_LANGUAGES) {
        const Story = composed[language][name]!;
        await act(async () => {
          render(<Story />);
        });
        // A story with a play function (a tap that brings its state) is checked after it played.
        if (Story.play) {
          await act(async () => {
            await Story.play!({ canvasElement: document.body } as Parameters<
              NonNullable<typeof Story.play>
            >[0]);
          });
        }
        texts[language] = visibleTexts(document.body);
        // A story may pin its language (parameters.language); the rest follow the toolbar global.
        const expected = (Story.parameters?.language as SupportedLanguage | undefined) ?? language;
        const args = (Story.args ?? {}) as Record<string, unknown>;
        problems[language] = {
          ...problemsIn(document.body),
          htmlLang: document.documentElement.lang,
          state: stateProblems(id, name, args, expected),
          consoleErrors,
        };
        expect(problems[language]).toEqual({
          unnamed: [],
          rawKeys: [],
          htmlLang: expected === 'my' ? 'ms' : expected,
          state: [],
          consoleErrors: [],
        });
        await STATE_CHECKS[id]?.(expected);
        cleanup();
      }
      const pinned = composed.en[name]!.parameters?.language !== undefined;
      if (pinned || file in LANGUAGE_FREE || id in LANGUAGE_FREE) return;
      const data = { args: dataStrings(composed.en[name]!.args ?? {}), source: sources[path] ?? '' };
      for (const language of ['id', 'my'] as const) {
        expect({ language, same: texts[language].join('\n') === texts.en.join('\n') }).toEqual({
          language,
          same: false,
        });
        expect({ language, untranslated: untranslated(texts.en, texts[language], language, data) }).toEqual({
          language,
          untranslated: [],
        });
      }
    },
  );
});

it('every explicit state check names a story that exists', () => {
  const ids = Object.entries(modules).flatMap(([path, module]) =>
    Object.keys(composeStories(module)).map((name) => `${path.replace(/^\.\//, '')} ${name}`),
  );
  for (const id of [...Object.keys(STATE_CHECKS), ...Object.keys(NOT_AN_ALERT)]) {
    expect(ids).toContain(id);
  }
});
