import { describe, expect, it, vi } from 'vitest';
import { deferredGroups, groupOfKey } from './catalogue-groups.js';
import {
  CATALOGUE_GROUPS_FILE,
  catalogueSource,
  catalogueSplit,
  leftOutKeyIn,
  splitCatalogue,
} from './catalogues.js';

/** A made-up catalogue as `@santap/i18n` has it, with the owner of each key (`keyOwner`). */
const CATALOGUE = {
  'menu.title': 'Menu',
  'pay.title': 'Pay',
  'auth.login.title': 'Log in',
  'tab.title': 'Your table',
  'tab.pay.title': 'Pay your share',
  'tab.link.order': 'Table tab: split the bill',
  'legal.privacy.title': 'Privacy policy',
  'legal.privacy.body': 'We keep…',
  'fc.cart': 'Food court cart',
  'invoice.mail.subject': 'Your invoice',
};
const i18n = { keyOwner: (key) => (key.startsWith('invoice.') ? 'server' : 'apps') };
const GROUPS = { later: ['pay.', 'auth.', 'tab.link.'], tab: ['tab.'] };

describe('deferredGroups', () => {
  it("groups and the older 'later' prefixes -> one map, 'later' merged", () => {
    expect(deferredGroups({ later: ['account.'], groups: GROUPS })).toEqual({
      later: ['pay.', 'auth.', 'tab.link.', 'account.'],
      tab: ['tab.'],
    });
    expect(deferredGroups({ later: ['account.'] })).toEqual({ later: ['account.'] });
    expect(deferredGroups()).toEqual({});
  });

  it('a prefix in two groups, a reserved or odd name, a group without prefixes -> an error saying which', () => {
    expect(() => deferredGroups({ later: ['tab.'], groups: { tab: ['tab.'] } })).toThrow(
      /'tab\.' is in two groups \(tab, later\)/,
    );
    expect(() => deferredGroups({ groups: { legal: ['x.'] } })).toThrow(/'legal'/);
    expect(() => deferredGroups({ groups: { translation: ['x.'] } })).toThrow(/'translation'/);
    expect(() => deferredGroups({ groups: { 'Tab/x': ['x.'] } })).toThrow(/'Tab\/x'/);
    expect(() => deferredGroups({ groups: { tab: [] } })).toThrow(/'tab' has no key prefixes/);
    expect(() => deferredGroups({ groups: { tab: [''] } })).toThrow(/empty prefix/);
  });
});

describe('groupOfKey', () => {
  it('the group of the longest prefix a key starts with; undefined for a start key', () => {
    expect(groupOfKey('tab.pay.title', GROUPS)).toBe('tab');
    expect(groupOfKey('tab.link.order', GROUPS)).toBe('later');
    expect(groupOfKey('tab.link.', GROUPS)).toBe('later');
    expect(groupOfKey('tab.$', GROUPS)).toBe('tab');
    expect(groupOfKey('pay.title', GROUPS)).toBe('later');
    expect(groupOfKey('menu.title', GROUPS)).toBeUndefined();
    // Longest wins whichever group is listed first.
    expect(groupOfKey('tab.link.order', { tab: ['tab.'], later: ['tab.link.'] })).toBe('later');
  });
});

describe('splitCatalogue', () => {
  it("groups 'later' and 'tab' -> each key in one part; server-only and left-out keys in none", () => {
    const parts = splitCatalogue(i18n, CATALOGUE, { leaveOut: ['fc.'], groups: GROUPS });
    expect(parts).toEqual({
      translation: { 'menu.title': 'Menu', 'legal.privacy.title': 'Privacy policy' },
      legal: { 'legal.privacy.body': 'We keep…' },
      later: {
        'pay.title': 'Pay',
        'auth.login.title': 'Log in',
        'tab.link.order': 'Table tab: split the bill',
      },
      tab: { 'tab.title': 'Your table', 'tab.pay.title': 'Pay your share' },
    });
  });

  it("only the older 'later' option -> the tab's words in 'later', no 'tab' part", () => {
    const parts = splitCatalogue(i18n, CATALOGUE, { later: ['pay.', 'auth.', 'tab.'] });
    expect(Object.keys(parts)).toEqual(['translation', 'legal', 'later']);
    expect(Object.keys(parts.later)).toEqual([
      'pay.title',
      'auth.login.title',
      'tab.title',
      'tab.pay.title',
      'tab.link.order',
    ]);
  });
});

describe('leftOutKeyIn (the build fails when a chunk names a key the app leaves out)', () => {
  const KEYS = ['menu.title', 'staff.tabs.title', 'staff.tabs.left', 'staff.tableRequests.title'];
  const at = (code) => leftOutKeyIn(code, ['staff.'], KEYS);

  it.each([
    ["a key in quotes: t('staff.tabs.title')", "t('staff.tabs.title')"],
    ['a key in a template: t(`staff.tabs.left`)', 't(`staff.tabs.left`)'],
    ['a template that starts keys: t(`staff.${part}`)', 't(`staff.${part}`)'],
    ['a template under a prefix: t(`staff.tabs.${part}`)', 't(`staff.tabs.${part}`)'],
    ["a string ending in '.' that starts keys: t('staff.tabs.' + part)", "t('staff.tabs.' + part)"],
  ])('%s -> found', (_, code) => {
    expect(at(code)).toBe(2);
  });

  it.each([
    [
      "a staff endpoint's id (not a key, though keys start with it): id:'staff.tableRequests'",
      "id:'staff.tableRequests'",
    ],
    ["another endpoint's id: id:`staff.tabAdmit`", 'id:`staff.tabAdmit`'],
    ["a sentence: 'staff.tabs.title is shown'", "'staff.tabs.title is shown'"],
    ["a string starting no key: 'staff.nothing.'", "'staff.nothing.'"],
    ['a key outside the prefixes', "t('menu.title')"],
  ])('%s -> allowed', (_, code) => {
    expect(at(code)).toBeUndefined();
  });

  it('the first key after allowed strings -> its index', () => {
    const code = "a='staff.tableRequests';t('staff.tabs.left')";
    expect(at(code)).toBe(code.indexOf("'staff.tabs.left'"));
  });
});

describe('catalogueSplit', () => {
  /** The plugin as Vite runs it for `command` ('serve' in development). */
  function plugin(command, options) {
    const made = catalogueSplit(options);
    made.configResolved({ command, build: { ssr: false } });
    return made;
  }
  const loadGroup = (made, path) => made.load(made.resolveId(`virtual:santap-catalogue/${path}`));

  it("development -> a configured group's module is empty (the start catalogue holds every key); an unknown one fails", () => {
    const made = plugin('serve', { groups: GROUPS });
    expect(loadGroup(made, 'en/tab')).toBe('export default {};');
    expect(loadGroup(made, 'my/later')).toBe('export default {};');
    expect(loadGroup(made, 'id/legal')).toBe('export default {};');
    expect(() => loadGroup(made, 'en/account')).toThrow(/unknown catalogue en\/account/);
    // Without a 'tab' group, the app's import of it is an error, not silently empty words.
    expect(() => loadGroup(plugin('serve', { later: ['pay.'] }), 'en/tab')).toThrow(/unknown catalogue/);
  });

  it('a build -> the groups written beside the manifest for the size budget', () => {
    const made = plugin('build', { leaveOut: ['fc.'], later: ['account.'], groups: GROUPS });
    const emitFile = vi.fn();
    made.generateBundle.call({ emitFile });
    expect(emitFile).toHaveBeenCalledTimes(1);
    const [{ fileName, source }] = emitFile.mock.calls[0];
    expect(fileName).toBe(CATALOGUE_GROUPS_FILE);
    expect(JSON.parse(source)).toEqual({
      leaveOut: ['fc.'],
      groups: { later: ['pay.', 'auth.', 'tab.link.', 'account.'], tab: ['tab.'] },
    });
  });

  it('a bad group -> the plugin is not made (the config fails to load)', () => {
    expect(() => catalogueSplit({ groups: { tab: ['tab.'], more: ['tab.'] } })).toThrow(/two groups/);
  });
});

describe('catalogueSource (vitest)', () => {
  it("a named group resolves empty; the start catalogue re-exports the source's", () => {
    const source = catalogueSource();
    expect(source.load(source.resolveId('virtual:santap-catalogue/en/tab'))).toBe('export default {};');
    expect(source.load(source.resolveId('virtual:santap-catalogue/id'))).toMatch(
      /resources\.id\.translation/,
    );
  });
});
