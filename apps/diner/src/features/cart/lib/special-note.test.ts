import { beforeEach, describe, expect, it } from 'vitest';
import { composeSpecialNote, readCartNote, writeCartNote } from './special-note';

const words = { noCutlery: 'No cutlery, please', noPaper: 'No tissues or paper bags, please' };

beforeEach(() => sessionStorage.clear());

describe('special note', () => {
  it('no cutlery + a request -> the save-trees line first, then the request', () => {
    expect(
      composeSpecialNote({ request: ' Less spicy ', saveTrees: { noCutlery: true, noPaper: false } }, words),
    ).toBe('No cutlery, please\nLess spicy');
  });

  it('stored parts that still compose to the server note -> read back apart', () => {
    const note = { request: 'Birthday candle', saveTrees: { noCutlery: true, noPaper: true } };
    writeCartNote('k', note);
    expect(readCartNote('k', composeSpecialNote(note, words), words)).toEqual(note);
  });

  it('server note written elsewhere -> taken as the request, save trees off', () => {
    writeCartNote('k', { request: 'old', saveTrees: { noCutlery: true, noPaper: false } });
    expect(readCartNote('k', 'Extra napkins', words)).toEqual({
      request: 'Extra napkins',
      saveTrees: { noCutlery: false, noPaper: false },
    });
  });
});
