import { composeStories, setProjectAnnotations } from '@storybook/react';
import type { Meta, StoryFn } from '@storybook/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import preview from '../.storybook/preview';

/**
 * Every story of the package, rendered in en, id and my: it renders without a React error, every
 * control has an accessible name, and no raw catalogue key ('ui.common.close') is visible.
 */
type StoriesModule = { default: Meta } & Record<string, StoryFn | Meta>;
const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

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

describe.each(SUPPORTED_LANGUAGES)('stories in %s', (language: SupportedLanguage) => {
  const annotations = setProjectAnnotations([preview, { initialGlobals: { language } }]);
  for (const [path, module] of Object.entries(modules)) {
    const stories = composeStories(module, annotations);
    describe(`${path.replace(/^\.\//, '')}`, () => {
      it.each(Object.entries(stories))('%s -> renders, named controls, no raw keys', async (_name, Story) => {
        await act(async () => {
          render(<Story />);
        });
        expect(problemsIn(document.body)).toEqual({ unnamed: [], rawKeys: [] });
        expect(consoleErrors).toEqual([]);
        // A story may pin its language (parameters.language); the rest follow the toolbar global.
        const expected = (Story.parameters?.language as SupportedLanguage | undefined) ?? language;
        expect(document.documentElement.lang).toBe(expected === 'my' ? 'ms' : expected);
      });
    });
  }
});
