import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_FILE_NAME, diskStorage, imageContentType, memoryStorage } from './storage';

const NAME = '0123456789abcdef0123-640.avif';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'santap-images-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('image file names', () => {
  it.each([
    [NAME, true],
    ['0123456789abcdef0123-1280.webp', true],
    ['0123456789abcdef0123-share.jpg', true],
    ['0123456789abcdef0123-0.avif', false],
    ['0123456789abcdef0123-share.png', false],
    ['0123456789ABCDEF0123-640.avif', false],
    ['../0123456789abcdef0123-640.avif', false],
    ['0123456789abcdef0123-640.avif/../../x', false],
    ['short-640.avif', false],
  ])('%s -> %s', (name, accepted) => {
    expect(IMAGE_FILE_NAME.test(name)).toBe(accepted);
  });

  it('the content type follows the extension', () => {
    expect(imageContentType(NAME)).toBe('image/avif');
    expect(imageContentType('0123456789abcdef0123-640.webp')).toBe('image/webp');
    expect(imageContentType('0123456789abcdef0123-share.jpg')).toBe('image/jpeg');
  });
});

describe.each([
  ['disk', () => diskStorage(join(dir, 'images'))],
  ['memory', () => memoryStorage()],
])('%s storage', (_kind, make) => {
  it('put then get -> the same bytes; an unknown name -> null; a name not of a photo -> refused on put, null on get', async () => {
    const storage = make();
    await storage.put(NAME, Buffer.from('avif bytes'), 'image/avif');
    expect((await storage.get(NAME))?.toString()).toBe('avif bytes');
    expect(await storage.get('0123456789abcdef0123-320.avif')).toBeNull();
    await expect(storage.put('../escape.avif', Buffer.from('x'), 'image/avif')).rejects.toThrow(
      /not an image file name/,
    );
    expect(await storage.get('../package.json')).toBeNull();
  });
});

describe('disk storage', () => {
  it('writes through a temporary name and renames it: only the finished file is left, a second put replaces it', async () => {
    const storage = diskStorage(join(dir, 'images'));
    await Promise.all([
      storage.put(NAME, Buffer.from('first'), 'image/avif'),
      storage.put('0123456789abcdef0123-640.webp', Buffer.from('webp'), 'image/webp'),
    ]);
    await storage.put(NAME, Buffer.from('second'), 'image/avif');
    expect(readdirSync(join(dir, 'images')).sort()).toEqual([NAME, '0123456789abcdef0123-640.webp']);
    expect((await storage.get(NAME))?.toString()).toBe('second');
  });

  it('a file outside the folder is never read, even by a name that looks like a photo', async () => {
    writeFileSync(join(dir, NAME), 'outside');
    const storage = diskStorage(join(dir, 'images'));
    expect(await storage.get(NAME)).toBeNull();
  });
});
