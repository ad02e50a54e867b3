import { describe, expect, it } from 'vitest';
import type { RestaurantDetails } from '@santap/contract';
import {
  foodCourtPage,
  mallMeta,
  menuNoscriptHtml,
  metaHtml,
  outletMeta,
  restaurantMeta,
  structuredDataHtml,
} from './page-meta';
import { escapeHtml } from '../lib/html';

const details = {
  restaurant_id: 7,
  nameid: 'warung-x',
  name: 'Warung "X" <b>& Co</b>',
  description: null,
  cuisine: 'Malay',
  address: 'Jalan Alor, Kuala Lumpur',
  location: [3.145, 101.709],
  mall: null,
} as unknown as RestaurantDetails;

const menu = {
  currency: 'MYR' as const,
  categories: [
    { id: 1, name: 'Rice', item_ids: [10, 11] },
    { id: 2, name: 'Sold out', item_ids: [12] },
  ],
  items: [
    {
      id: 10,
      name: 'Nasi Lemak',
      description: 'Coconut rice',
      price: 650,
      in_stock: true,
      halal: true,
      image: '/api/menu/image/10.svg?v=1',
    },
    {
      id: 11,
      name: '</script><script>alert(1)</script>',
      description: '',
      price: 180,
      in_stock: true,
      halal: false,
      image: null,
    },
    { id: 12, name: 'Gone', description: '', price: 100, in_stock: false, halal: false, image: null },
  ],
};

describe('page meta', () => {
  it('escapeHtml -> & < > " \' as entities', () => {
    expect(escapeHtml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&#39;');
  });

  it('a restaurant in en -> title, description with cuisine and address, the first pictured dish, Restaurant + Menu data', () => {
    const meta = restaurantMeta('en', 'https://santap.my', 'https://santap.my/r/warung-x', details, menu);
    expect(meta.title).toBe('Warung "X" <b>& Co</b> — menu and online ordering');
    expect(meta.description).toContain('Malay, Jalan Alor, Kuala Lumpur');
    // No photo of its own: the first pictured dish, without a size (a preview reads its own).
    expect(meta.image).toEqual({ url: 'https://santap.my/api/menu/image/10.svg?v=1', alt: 'Nasi Lemak' });
    expect(meta.jsonLd).toMatchObject({
      '@type': 'Restaurant',
      servesCuisine: 'Malay',
      geo: { latitude: 3.145, longitude: 101.709 },
      hasMenu: {
        '@type': 'Menu',
        inLanguage: 'en',
        hasMenuSection: [
          {
            name: 'Rice',
            hasMenuItem: [
              {
                name: 'Nasi Lemak',
                offers: { price: '6.50', priceCurrency: 'MYR' },
                suitableForDiet: 'https://schema.org/HalalDiet',
              },
              { name: '</script><script>alert(1)</script>', offers: { price: '1.80' } },
            ],
          },
        ],
      },
    });
  });

  it('a restaurant with its own description -> cuisine · address, then its words', () => {
    const meta = restaurantMeta(
      'en',
      'https://santap.my',
      'u',
      { ...details, description: 'Since 1960.' },
      undefined,
    );
    expect(meta.description).toBe('Malay · Jalan Alor, Kuala Lumpur — Since 1960.');
  });

  it('in id and my -> the words of that language; rupiah prices without fraction digits', () => {
    expect(restaurantMeta('id', 'https://santap.id', 'u', details, undefined).title).toBe(
      'Warung "X" <b>& Co</b> — menu dan pesan online',
    );
    expect(restaurantMeta('my', 'https://santap.my', 'u', details, undefined).title).toContain(
      'pesanan dalam talian',
    );
    const rupiah = restaurantMeta('id', 'https://santap.id', 'u', details, {
      ...menu,
      currency: 'IDR',
      items: [{ ...menu.items[0]!, price: 15000 }],
    });
    expect(JSON.stringify(rupiah.jsonLd)).toContain('"price":"15000"');
  });

  it("metaHtml and structuredDataHtml -> every value escaped; '<' in the JSON-LD block is \\u003c, so no tag can end it", () => {
    const meta = restaurantMeta('en', 'https://santap.my', 'https://santap.my/r/warung-x', details, menu);
    const head = metaHtml(meta, 'en', 'MY');
    // The head holds no JSON-LD: it goes at the end of the body.
    expect(head).not.toContain('ld+json');
    const html = head + structuredDataHtml(meta);
    expect(html).toContain(
      '<title>Warung &quot;X&quot; &lt;b&gt;&amp; Co&lt;/b&gt; — menu and online ordering</title>',
    );
    expect(html).toContain(
      '<meta property="og:title" content="Warung &quot;X&quot; &lt;b&gt;&amp; Co&lt;/b&gt;',
    );
    expect(html).toContain('<meta property="og:locale" content="en_MY">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<script>alert');
    const block = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(block).toBeDefined();
    expect((JSON.parse(block!) as { name: string }).name).toBe('Warung "X" <b>& Co</b>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it("a place with its own photo -> its share JPEG in og:image with type, size and alt, in the JSON-LD too; a food court's first outlet with one; an outlet its own", () => {
    const photo = (hash: string) => ({
      width: 1280,
      height: 720,
      avif: '',
      webp: '',
      src: `/api/images/${hash}-640.webp`,
      placeholder: '',
      share: { src: `/api/images/${hash}-share.jpg`, width: 1200, height: 628 },
    });
    const pictured = { ...details, photo: photo('aa11') } as RestaurantDetails;
    const meta = restaurantMeta('en', 'https://santap.my', 'https://santap.my/r/warung-x', pictured, menu);
    expect(meta.image).toEqual({
      url: 'https://santap.my/api/images/aa11-share.jpg',
      type: 'image/jpeg',
      width: 1200,
      height: 628,
      alt: 'Warung "X" <b>& Co</b>',
    });
    expect(meta.jsonLd).toMatchObject({ image: 'https://santap.my/api/images/aa11-share.jpg' });
    const head = metaHtml(meta, 'en', 'MY');
    expect(head).toContain(
      '<meta property="og:image" content="https://santap.my/api/images/aa11-share.jpg">',
    );
    expect(head).toContain('<meta property="og:image:type" content="image/jpeg">');
    expect(head).toContain('<meta property="og:image:width" content="1200">');
    expect(head).toContain('<meta property="og:image:height" content="628">');
    expect(head).toContain(
      '<meta property="og:image:alt" content="Warung &quot;X&quot; &lt;b&gt;&amp; Co&lt;/b&gt;">',
    );
    expect(head).toContain(
      '<meta name="twitter:image" content="https://santap.my/api/images/aa11-share.jpg">',
    );

    const mall = {
      mall: { slug: 'mall-demo', name: 'Mall Demo' },
      restaurants: [
        { name: 'No Photo', nameid: 'a', photo: null },
        { name: 'Roti Raju', nameid: 'roti-raju', photo: photo('bb22') },
      ],
    };
    const mallPage = mallMeta('my', 'https://santap.my', 'https://santap.my/fc/mall-demo', mall);
    expect(mallPage.image).toMatchObject({
      url: 'https://santap.my/api/images/bb22-share.jpg',
      alt: 'Roti Raju · Mall Demo',
    });
    const bare = mallMeta('en', 'https://santap.my', 'https://santap.my/fc/mall-demo', {
      ...mall,
      restaurants: [mall.restaurants[0]!],
    });
    expect(bare.image).toBeUndefined();
    expect(metaHtml(bare, 'en', 'MY')).toContain('<meta name="twitter:card" content="summary">');
    const outlet = outletMeta(
      'en',
      'https://santap.my',
      'https://santap.my/fc/mall-demo/r/x',
      'Mall Demo',
      pictured,
    );
    expect(outlet.image).toMatchObject({ url: 'https://santap.my/api/images/aa11-share.jpg' });
  });

  it('foodCourtPage -> the mall and outlet from /fc/:mall[/r/:outlet] or a mall host; nothing elsewhere', () => {
    expect(foodCourtPage('/fc/mall-demo', undefined)).toEqual({ mall: 'mall-demo' });
    expect(foodCourtPage('/fc/mall-demo/r/roti-raju', undefined)).toEqual({
      mall: 'mall-demo',
      outlet: 'roti-raju',
    });
    expect(foodCourtPage('/r/roti-raju', 'mall-demo')).toEqual({ mall: 'mall-demo', outlet: 'roti-raju' });
    expect(foodCourtPage('/cart', 'mall-demo')).toEqual({ mall: 'mall-demo' });
    expect(foodCourtPage('/fc', undefined)).toBeUndefined();
    expect(foodCourtPage('/fc/%E0%A4%A', undefined)).toBeUndefined();
  });

  it('menuNoscriptHtml -> the restaurant, each category with its dishes and prices, sold out marked, all escaped', () => {
    const html = menuNoscriptHtml(details, menu, 'en');
    expect(html).toMatch(/^<noscript>.*<\/noscript>$/s);
    expect(html).toContain('<h1>Warung &quot;X&quot; &lt;b&gt;&amp; Co&lt;/b&gt;</h1>');
    expect(html).toContain('<h2>Rice</h2>');
    expect(html).toContain('<li><strong>Nasi Lemak</strong> — RM 6.50<br>Coconut rice</li>');
    expect(html).toContain('<strong>Gone</strong> — RM 1.00 (sold out)');
    expect(html).not.toContain('<script>');
    expect(menuNoscriptHtml(details, menu, 'id')).toContain('(habis)');
  });
});
