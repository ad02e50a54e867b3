import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-errors';

describe('isChunkLoadError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'), true],
    [new TypeError('error loading dynamically imported module'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/a.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
  ])('%s -> %s', (error, expected) => expect(isChunkLoadError(error)).toBe(expected));
});
