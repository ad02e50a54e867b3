import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './index.js';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('precompress', () => {
  it('a 5 KB chunk, a small one and an image -> .gz and .br of the big text file only, each the same bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    dirs.push(dir);
    const big = 'export const words = "nasi lemak";\n'.repeat(150);
    writeFileSync(join(dir, 'app.js'), big);
    writeFileSync(join(dir, 'tiny.js'), 'export {};');
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 7));
    const bundle = { 'app.js': {}, 'tiny.js': {}, 'photo.png': {} };
    precompress().writeBundle({ dir }, bundle);
    expect(gunzipSync(readFileSync(join(dir, 'app.js.gz'))).toString()).toBe(big);
    expect(brotliDecompressSync(readFileSync(join(dir, 'app.js.br'))).toString()).toBe(big);
    expect(readFileSync(join(dir, 'app.js.br')).length).toBeLessThan(big.length / 10);
    expect(existsSync(join(dir, 'tiny.js.gz'))).toBe(false);
    expect(existsSync(join(dir, 'photo.png.br'))).toBe(false);
  });
});
