import { describe, expect, it } from 'vitest';
import { DomainError, MESSAGE, MESSAGE_KEYS } from './messages';

describe('messages', () => {
  it('every key is unique and namespaced -> validation.* or errors.*', () => {
    expect(new Set(MESSAGE_KEYS).size).toBe(MESSAGE_KEYS.length);
    for (const key of MESSAGE_KEYS) expect(key).toMatch(/^(validation|errors)\.[a-zA-Z]+$/);
  });

  it('DomainError carries its key and values -> readable by callers', () => {
    const error = new DomainError(MESSAGE.optionLimitReached, { max: 2 });
    expect(error).toBeInstanceOf(Error);
    expect(error.key).toBe('validation.optionLimitReached');
    expect(error.values).toEqual({ max: 2 });
  });
});
