import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, restaurants as restaurantsApi, staff } from '@santap/contract';
import { ENGINES, RELAXED_LIMITS, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { menuItems, restaurants } from '../db/schema';
import { DEMO } from '../seed/ids';
import { SHARE_MAX_BYTES } from '../services/adapters/images/pipeline';

/** A real photo-like JPEG: a gradient, 900 × 600. */
async function jpeg(width = 900, height = 600) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 120;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/**
 * A decompression bomb: a PNG of a few KB whose header says 20,000 × 20,000 pixels (400 megapixels,
 * 1.2 GB decoded), made by hand so nothing that large is ever decoded here.
 */
async function pngBomb() {
  const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const bomb = Buffer.from(small);
  // IHDR's width and height are the first 8 bytes of its data (offset 16); its CRC follows at 29.
  bomb.writeUInt32BE(20_000, 16);
  bomb.writeUInt32BE(20_000, 20);
  const { crc32 } = await import('node:zlib');
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)) >>> 0, 29);
  return bomb;
}

describe.each(ENGINES)('menu photos on %s', (engine) => {
  let server: TestServer;
  let manager: string;
  let kitchen: string;
  let otherManager: string;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: { limits: { ...RELAXED_LIMITS, photoUploadsPerRestaurant: { max: 12, windowSeconds: 3600 } } },
    });
    const login = async (username: string) =>
      (await server.client().call(staff.staffLogin, { body: { username, password: 'santap-demo' } })).token;
    manager = await login('kopitiam-ali-manager');
    kitchen = await login('kopitiam-ali-kitchen');
    otherManager = await login('warung-sari-manager');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  async function dishOf(restaurantId: number) {
    const [dish] = await server.app.santap.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId))
      .limit(1);
    return dish!;
  }

  function upload(path: string, body: Buffer | string, token: string, type = 'image/jpeg', language = 'en') {
    return fetch(`${server.baseUrl}${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': type, 'accept-language': language },
      body,
    });
  }

  it('manager uploads a dish photo -> AVIF and WebP sizes served immutable, the menu carries them', async () => {
    const dish = await dishOf(DEMO.kopitiamAli);
    const response = await upload(`/api/staff/menu/items/${dish.id}/photo`, await jpeg(), manager);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { photo: Record<string, string | number> } };
    expect(data.photo).toMatchObject({ width: 640, height: 427 });
    expect(String(data.photo.placeholder)).toMatch(/^data:image\/webp;base64,/);
    expect(String(data.photo.placeholder).length).toBeLessThan(600);
    const avif = String(data.photo.avif).split(', ');
    expect(avif.map((entry) => entry.split(' ')[1])).toEqual(['160w', '320w', '640w']);

    for (const [set, type] of [
      [avif, 'image/avif'],
      [String(data.photo.webp).split(', '), 'image/webp'],
    ] as const) {
      for (const entry of set) {
        const [url, width] = entry.split(' ');
        const file = await fetch(`${server.baseUrl}${url}`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe(type);
        expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect(meta.format).toBe(type === 'image/avif' ? 'heif' : 'webp');
        expect(`${meta.width}w`).toBe(width);
      }
    }

    const menu = await server
      .client()
      .call(restaurantsApi.menu, { query: { restaurant_id: DEMO.kopitiamAli } });
    const item = menu.items.find((candidate) => candidate.id === dish.id)!;
    expect(item.photo).toEqual(data.photo);
    expect(item.image).toBe(data.photo.src);
    const other = menu.items.find((candidate) => candidate.id !== dish.id)!;
    expect(other.photo).toBeNull();
  });

  it('manager uploads the restaurant photo -> the restaurant details carry it, with its link-preview JPEG (1.91:1, under 300 KB, served immutable)', async () => {
    const response = await upload(
      '/api/staff/restaurant/photo',
      await jpeg(1600, 800),
      manager,
      'image/jpeg',
    );
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: {
        photo: { width: number; height: number; share: { src: string; width: number; height: number } };
      };
    };
    expect(data.photo).toMatchObject({ width: 1280, height: 640 });
    expect(data.photo.share).toMatchObject({ width: 1200, height: 628 });
    expect(data.photo.share.src).toMatch(/^\/api\/images\/[0-9a-f]{20}-share\.jpg$/);
    const details = await server
      .client()
      .call(restaurantsApi.restaurantDetailsGet, { query: { restaurant_id: DEMO.kopitiamAli } });
    expect(details.photo).toEqual(data.photo);

    const file = await fetch(`${server.baseUrl}${data.photo.share.src}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await file.arrayBuffer());
    expect(body.length).toBeLessThanOrEqual(SHARE_MAX_BYTES);
    expect(await sharp(body).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 628 });

    // A dish's photo in a reply carries no share picture (nothing reads it there).
    const menu = await server
      .client()
      .call(restaurantsApi.menu, { query: { restaurant_id: DEMO.kopitiamAli } });
    const pictured = menu.items.filter((item) => item.photo);
    expect(pictured.length).toBeGreaterThan(0);
    expect(pictured.every((item) => !item.photo!.share)).toBe(true);
  });

  it('an unknown image file -> 404; a name that is not a photo file -> 404', async () => {
    expect((await fetch(`${server.baseUrl}/api/images/0123456789abcdef0123-160.avif`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/images/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  describe('bad input -> a clear 4xx in the caller language, nothing stored', () => {
    async function refused(body: Buffer | string, type: string, language: string) {
      const dish = await dishOf(DEMO.kopitiamAli);
      const before = dish.photo;
      const response = await upload(`/api/staff/menu/items/${dish.id}/photo`, body, manager, type, language);
      const reply = (await response.json()) as { code: string; message: string };
      expect((await dishOf(DEMO.kopitiamAli)).photo).toEqual(before);
      return { ...reply, status: response.status };
    }

    it('too big (over 10 MB) -> 413 errors.imageTooLarge', async () => {
      const reply = await refused(Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'image/jpeg', 'my');
      expect(reply).toMatchObject({ status: 413, code: 'errors.imageTooLarge' });
      expect(reply.message).toBe('Foto ini terlalu besar. Sila pilih foto di bawah 10 MB');
    });

    it('not an image (text, truncated JPEG, SVG from a user) -> 415 errors.imageNotAnImage', async () => {
      const text = await refused('hello, this is not a photo', 'image/png', 'id');
      expect(text).toMatchObject({ status: 415, code: 'errors.imageNotAnImage' });
      expect(text.message).toContain('Berkas ini bukan foto');
      const truncated = await refused((await jpeg()).subarray(0, 300), 'image/jpeg', 'en');
      expect(truncated).toMatchObject({ status: 415, code: 'errors.imageNotAnImage' });
      const svg = await refused(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        'image/svg+xml',
        'en',
      );
      expect(svg).toMatchObject({ status: 415, code: 'errors.imageNotAnImage' });
      const json = await refused('{"photo":1}', 'application/json', 'en');
      expect(json).toMatchObject({ status: 415, code: 'errors.imageNotAnImage' });
    });

    it('a decompression bomb (20,000 × 20,000 PNG of a few KB) -> 422 errors.imageTooManyPixels', async () => {
      const bomb = await pngBomb();
      expect(bomb.length).toBeLessThan(2000);
      const reply = await refused(bomb, 'image/png', 'en');
      expect(reply).toMatchObject({ status: 422, code: 'errors.imageTooManyPixels' });
      expect(reply.message).toContain('40 megapixels');
    });
  });

  it("ownership: another restaurant's dish -> 404, kitchen -> 403, no token -> 401; nothing stored", async () => {
    const dish = await dishOf(DEMO.kopitiamAli);
    const photo = await jpeg(200, 200);
    const theirs = await upload(`/api/staff/menu/items/${dish.id}/photo`, photo, otherManager);
    expect(theirs.status).toBe(404);
    const asKitchen = await upload(`/api/staff/menu/items/${dish.id}/photo`, photo, kitchen);
    expect(asKitchen.status).toBe(403);
    const anonymous = await fetch(`${server.baseUrl}/api/staff/restaurant/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: photo,
    });
    expect(anonymous.status).toBe(401);
    const [warung] = await server.app.santap.db
      .select({ photo: restaurants.photo })
      .from(restaurants)
      .where(eq(restaurants.id, DEMO.warungSari));
    expect(warung!.photo).toBeNull();
    // None of those made files: the 200 px photo's hash names no stored file.
    const hash = (await import('node:crypto')).createHash('sha256').update(photo).digest('hex').slice(0, 20);
    expect(await server.app.santap.images.get(`${hash}-160.webp`)).toBeNull();
  });

  it.each([
    ['a wrong token', { authorization: 'Bearer not-a-staff-token' }],
    ['no token', {}],
    ["a diner's session cookie", { cookie: 'auth_token=not-staff' }],
  ])(
    '%s and a 10 MB body on its way -> 401 before the body is read (the reply comes while most of it is unsent)',
    async (_name, headers: Record<string, string>) => {
      const url = new URL(`${server.baseUrl}/api/staff/restaurant/photo`);
      const sentBytes = 64 * 1024;
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'PUT',
            headers: {
              ...headers,
              'content-type': 'image/jpeg',
              'content-length': String(PHOTO_MAX_BYTES - 1),
            },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        // 64 KB of the ten megabytes, then nothing: a server that reads the body first never answers.
        request.write(Buffer.alloc(sentBytes, 0xff));
        setTimeout(() => {
          request.destroy();
          reject(new Error('no reply: the server waited for the body'));
        }, 5_000).unref();
      });
      expect(reply.status).toBe(401);
      expect(JSON.parse(reply.body)).toMatchObject({ status: 0, message: 'invalid token' });
    },
  );

  it('rate limit: past the uploads per restaurant an hour -> 429', async () => {
    const photo = await jpeg(120, 80);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await upload('/api/staff/restaurant/photo', photo, manager)).status);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });
});
