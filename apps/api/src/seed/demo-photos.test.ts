import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants as restaurantsApi } from '@santap/contract';
import { startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { illustrationOf, seedDemoPhotos } from './demo-photos';
import { DEMO } from './ids';

describe('demo photos', () => {
  it('dish names -> the illustration that shows them; a dish none fits -> none', () => {
    expect(illustrationOf('Nasi Lemak Rendang')).toBe('nasiLemak');
    expect(illustrationOf('Roti Canai')).toBe('rotiCanai');
    expect(illustrationOf('Char Kway Teow')).toBe('charKwayTeow');
    expect(illustrationOf('Sate Ayam Madura')).toBe('satay');
    expect(illustrationOf('Teh Tarik')).toBe('tehTarik');
    expect(illustrationOf('Kopi O')).toBe('kopi');
    expect(illustrationOf('Curry Laksa')).toBe('noodleSoup');
    expect(illustrationOf('Nasi Goreng Kampung')).toBe('nasiGoreng');
    expect(illustrationOf('Cendol')).toBe('cendol');
    expect(illustrationOf('Gift Voucher RM20')).toBeUndefined();
  });

  describe('seeded on the demo data (PGlite)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('pglite');
    });
    afterAll(async () => {
      await server?.close();
    });

    it('seed -> pictured dishes and restaurant headers served in AVIF and WebP; others keep none; a second run changes nothing', async () => {
      const filled = await seedDemoPhotos(server.app.santap, [DEMO.kopitiamAli, 1011]);
      expect(filled).toBeGreaterThan(10);
      const menu = await server
        .client()
        .call(restaurantsApi.menu, { query: { restaurant_id: DEMO.kopitiamAli } });
      const nasiLemak = menu.items.find((item) => item.name === 'Nasi Lemak')!;
      expect(nasiLemak.photo).toMatchObject({ width: 640, height: 640 });
      const voucher = menu.items.find((item) => item.is_voucher)!;
      expect(voucher.photo).toBeNull();
      for (const url of [nasiLemak.photo!.src, nasiLemak.photo!.avif.split(' ')[0]!]) {
        const response = await fetch(`${server.baseUrl}${url}`);
        expect(response.status).toBe(200);
        const bytes = (await response.arrayBuffer()).byteLength;
        expect(bytes).toBeGreaterThan(0);
        expect(bytes).toBeLessThan(60_000);
      }
      const details = await server
        .client()
        .call(restaurantsApi.restaurantDetailsGet, { query: { restaurant_id: DEMO.kopitiamAli } });
      expect(details.photo).toMatchObject({ width: 1280, height: 640 });
      // The header is a place's photo: it has its link-preview JPEG; a dish's has none.
      expect(details.photo!.share).toMatchObject({ width: 1200, height: 628 });
      const share = await fetch(`${server.baseUrl}${details.photo!.share!.src}`);
      expect(share.headers.get('content-type')).toBe('image/jpeg');
      const shareBytes = (await share.arrayBuffer()).byteLength;
      expect(shareBytes).toBeGreaterThan(0);
      expect(shareBytes).toBeLessThanOrEqual(300_000);
      expect(nasiLemak.photo!.share).toBeUndefined();
      const mall = await server
        .client()
        .call(restaurantsApi.mallRestaurants, { query: { mall: 'mall-demo' } });
      const outlets = new Map(mall.restaurants.map((outlet) => [outlet.restaurant_id, outlet.photo]));
      expect(outlets.get(1011)).toMatchObject({ width: 1280, height: 640 });
      expect(outlets.get(1012)).toBeNull();

      expect(await seedDemoPhotos(server.app.santap, [DEMO.kopitiamAli, 1011])).toBe(0);
    }, 300_000);
  });
});
