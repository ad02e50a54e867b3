import { describe, expect, it } from 'vitest';
import { isQrId } from './qr-id';

describe('isQrId', () => {
  it.each(['1001', 'T5', 'sunway-pyramid', 'Nasi Lemak', 'kedai_ä', 'a|b', 'x'.repeat(128)])(
    '%j -> accepted',
    (value) => expect(isQrId(value)).toBe(true),
  );

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['dot segment', '.'],
    ['double dot segment', '..'],
    ['control character', 'a\u0000b'],
    ['newline', 'a\nb'],
    ['lone surrogate', 'a\ud800'],
    ['129 characters', 'x'.repeat(129)],
  ])('%s -> refused', (_name, value) => expect(isQrId(value)).toBe(false));

  it('128 emoji (256 UTF-16 units) -> accepted: length counts characters', () => {
    expect(isQrId('🍜'.repeat(128))).toBe(true);
  });
});
