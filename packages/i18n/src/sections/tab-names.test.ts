import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../languages';
import { resources } from '../resources';

/**
 * A diner who gave no name is called the same on the phones at the table (sections/diner-tab.ts)
 * and on the staff's board (sections/staff-tabs.ts), so a server asked about 'Diner 3' finds them.
 */
describe('the tab names an unnamed diner alike on the phones and the board', () => {
  it.each(SUPPORTED_LANGUAGES)('%s -> staff.tabs.diner is tab.people.anonymous', (lang) => {
    const words: Record<string, string> = resources[lang].translation;
    const phone = words['tab.people.anonymous']?.replace('{{number}}', '3');
    expect(words['staff.tabs.diner']?.replace('{{n}}', '3')).toBe(phone);
    expect(phone).toMatch(/3/);
  });
});
