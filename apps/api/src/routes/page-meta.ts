import type { FastifyInstance } from 'fastify';
import { restaurants } from '@santap/contract';
import type { Photo, RestaurantDetails } from '@santap/contract';
import { formatMoney, minorUnitsFor } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { createTranslator, toIntlLocale } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { escapeHtml } from '../lib/html';

/** The product's name: every page's site name and the end of a default title. */
export const SITE_NAME = 'Santap';

/**
 * What a served page says about itself before any script runs: its `<title>`, meta description,
 * canonical URL, the Open Graph and Twitter card tags a link preview reads (WhatsApp, Facebook), and,
 * for a restaurant's menu, schema.org structured data (Restaurant with its Menu).
 */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's absolute URL without its query (a table QR link's page is the restaurant's). */
  url: string;
  /** The link-preview picture, when the page has one: an absolute URL, its size when known. */
  image?: PreviewImage;
  /** Open Graph type: `restaurant.restaurant` for a menu, `website` otherwise. */
  type: 'website' | 'restaurant.restaurant';
  /** schema.org JSON-LD, written as a `type="application/ld+json"` data block (not executed, CSP-safe). */
  jsonLd?: Record<string, unknown>;
}

/**
 * A link preview's picture. A place's own photo comes as its share JPEG with its size (WhatsApp and
 * Facebook draw it at once); else a dish's picture, without a size.
 */
export interface PreviewImage {
  url: string;
  /** A share JPEG's type and size. */
  type?: 'image/jpeg';
  width?: number;
  height?: number;
  alt: string;
}

/** A place's share picture (`photo.share` of the contract), absolute, or undefined without one. */
function placeImage(origin: string, name: string, photo: Photo | null | undefined): PreviewImage | undefined {
  const share = photo?.share;
  return share
    ? {
        url: absolute(origin, share.src),
        type: 'image/jpeg',
        width: share.width,
        height: share.height,
        alt: name,
      }
    : undefined;
}

/** The menu reply's data, as far as the structured data reads it. */
interface MenuData {
  currency: Currency;
  categories: { id: number; name: string; item_ids: number[] }[];
  items: {
    id: number;
    name: string;
    description: string;
    price: number;
    in_stock: boolean;
    halal: boolean;
    image: string | null;
  }[];
}

interface MallData {
  mall: { slug: string; name: string };
  restaurants: { name: string; nameid: string; photo?: Photo | null }[];
}

/** Escapes text for an HTML attribute or element: `&`, `<`, `>`, `"` and `'`. */
/** At most `max` characters, cut at a word with '…' (a description a search result shows whole). */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd()}…`;
}

const absolute = (origin: string, path: string) => new URL(path, origin).toString();

/** A price in minor units as schema.org wants it: a decimal string with the currency's digits. */
function price(minor: number, currency: Currency): string {
  const digits = minorUnitsFor(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** The default page: the product's words in the page's language. */
export function defaultMeta(language: SupportedLanguage, url: string): PageMeta {
  const t = createTranslator(language);
  return { title: t('meta.default.title'), description: t('meta.default.description'), url, type: 'website' };
}

/**
 * A restaurant's menu page: its name, cuisine and address in the title and description, its own photo
 * for the preview (else the first dish picture), and the Restaurant + Menu structured data (every
 * category and dish in stock, with its price).
 */
export function restaurantMeta(
  language: SupportedLanguage,
  origin: string,
  url: string,
  details: RestaurantDetails,
  menu: MenuData | undefined,
): PageMeta {
  const t = createTranslator(language);
  const about = [details.cuisine, details.address].filter((part): part is string => Boolean(part?.trim()));
  // The restaurant's own words after its cuisine and address; without them, the product's sentence.
  const own = details.description?.trim();
  const description = clip(
    own
      ? [about.join(' · '), own].filter(Boolean).join(' — ')
      : about.length > 0
        ? t('meta.restaurant.description', { name: details.name, details: about.join(', ') })
        : t('meta.restaurant.descriptionPlain', { name: details.name }),
    200,
  );
  const pictured =
    menu?.items.find((item) => item.image && item.in_stock) ?? menu?.items.find((i) => i.image);
  const image: PreviewImage | undefined =
    placeImage(origin, details.name, details.photo) ??
    (pictured?.image ? { url: absolute(origin, pictured.image), alt: pictured.name } : undefined);
  const byId = new Map(menu?.items.map((item) => [item.id, item]));
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: details.name,
    description,
    url,
    ...(image ? { image: image.url } : {}),
    ...(details.cuisine ? { servesCuisine: details.cuisine } : {}),
    ...(details.address ? { address: details.address } : {}),
    geo: { '@type': 'GeoCoordinates', latitude: details.location[0], longitude: details.location[1] },
    ...(menu
      ? {
          hasMenu: {
            '@type': 'Menu',
            name: t('meta.restaurant.menuName', { name: details.name }),
            inLanguage: toIntlLocale(language),
            hasMenuSection: menu.categories.flatMap((category) => {
              const items = category.item_ids
                .map((id) => byId.get(id))
                .filter((item): item is MenuData['items'][number] => item !== undefined && item.in_stock);
              if (items.length === 0) return [];
              return [
                {
                  '@type': 'MenuSection',
                  name: category.name,
                  hasMenuItem: items.map((item) => ({
                    '@type': 'MenuItem',
                    name: item.name,
                    ...(item.description ? { description: item.description } : {}),
                    ...(item.halal ? { suitableForDiet: 'https://schema.org/HalalDiet' } : {}),
                    offers: {
                      '@type': 'Offer',
                      price: price(item.price, menu.currency),
                      priceCurrency: menu.currency,
                    },
                  })),
                },
              ];
            }),
          },
        }
      : {}),
  };
  return {
    title: t('meta.restaurant.title', { name: details.name }),
    description,
    url,
    ...(image ? { image } : {}),
    type: 'restaurant.restaurant',
    jsonLd,
  };
}

/** A food court's page: its name and its outlets, the first outlet's photo for the preview. */
export function mallMeta(language: SupportedLanguage, origin: string, url: string, data: MallData): PageMeta {
  const t = createTranslator(language);
  const names = data.restaurants.map((outlet) => outlet.name);
  const image = data.restaurants
    .map((outlet) => placeImage(origin, `${outlet.name} · ${data.mall.name}`, outlet.photo))
    .find(Boolean);
  return {
    ...(image ? { image } : {}),
    title: t('meta.mall.title', { name: data.mall.name }),
    description: clip(
      t('meta.mall.description', { name: data.mall.name, count: names.length, outlets: names.join(', ') }),
      200,
    ),
    url,
    type: 'website',
  };
}

/**
 * An outlet's menu in a food court: the outlet and the mall in the title, the outlet's words after,
 * its photo for the preview.
 */
export function outletMeta(
  language: SupportedLanguage,
  origin: string,
  url: string,
  mallName: string,
  details: RestaurantDetails,
): PageMeta {
  const t = createTranslator(language);
  const own = restaurantMeta(language, origin, url, details, undefined);
  return {
    title: t('meta.outlet.title', { outlet: details.name, mall: mallName }),
    description: own.description,
    url,
    ...(own.image ? { image: own.image } : {}),
    type: 'website',
  };
}

/** The head tags of `meta` for a page in `language` and `country` (MY, ID), every value escaped. */
export function metaHtml(meta: PageMeta, language: SupportedLanguage, country: string): string {
  const attr = escapeHtml;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}">`,
    `<link rel="canonical" href="${attr(meta.url)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:type" content="${meta.type}">`,
    `<meta property="og:title" content="${attr(meta.title)}">`,
    `<meta property="og:description" content="${attr(meta.description)}">`,
    `<meta property="og:url" content="${attr(meta.url)}">`,
    `<meta property="og:locale" content="${toIntlLocale(language)}_${country === 'ID' ? 'ID' : 'MY'}">`,
    ...imageTags(meta.image),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${attr(meta.title)}">`,
    `<meta name="twitter:description" content="${attr(meta.description)}">`,
    ...(meta.image
      ? [
          `<meta name="twitter:image" content="${attr(meta.image.url)}">`,
          `<meta name="twitter:image:alt" content="${attr(meta.image.alt)}">`,
        ]
      : []),
  ];
  return tags.join('');
}

/** The Open Graph tags of a preview picture: its URL, its type and size when known, its words. */
function imageTags(image: PreviewImage | undefined): string[] {
  if (!image) return [];
  const attr = escapeHtml;
  return [
    `<meta property="og:image" content="${attr(image.url)}">`,
    ...(image.type ? [`<meta property="og:image:type" content="${attr(image.type)}">`] : []),
    ...(image.width && image.height
      ? [
          `<meta property="og:image:width" content="${attr(String(image.width))}">`,
          `<meta property="og:image:height" content="${attr(String(image.height))}">`,
        ]
      : []),
    `<meta property="og:image:alt" content="${attr(image.alt)}">`,
  ];
}

/**
 * The page's schema.org JSON-LD as a data block ('' without): the API puts it at the end of the body,
 * where search engines read it as well, so the head the first paint waits for stays small (a 200-dish
 * menu's is 37 KB).
 */
export function structuredDataHtml(meta: PageMeta): string {
  if (!meta.jsonLd) return '';
  // A data block: no '<' may stay raw inside it ('</script>' in a dish name would end it).
  const json = JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}

/**
 * A restaurant's menu for a browser without JavaScript (a `<noscript>` block the API puts at the
 * start of the body; a browser running scripts never parses it): the restaurant, each category with
 * its dishes, descriptions and prices, sold-out dishes marked. Only what a guest sees; every value
 * escaped. The app itself renders on the client (the server renders no React today).
 */
export function menuNoscriptHtml(
  details: RestaurantDetails,
  menu: MenuData,
  language: SupportedLanguage,
): string {
  const t = createTranslator(language);
  const byId = new Map(menu.items.map((item) => [item.id, item]));
  const sections = menu.categories.flatMap((category) => {
    const items = category.item_ids
      .map((id) => byId.get(id))
      .filter((item): item is MenuData['items'][number] => item !== undefined);
    if (items.length === 0) return [];
    const dishes = items.map(
      (item) =>
        `<li><strong>${escapeHtml(item.name)}</strong> — ${escapeHtml(formatMoney(item.price, menu.currency, language))}` +
        `${item.in_stock ? '' : ` (${escapeHtml(t('meta.noscript.soldOut'))})`}` +
        `${item.description ? `<br>${escapeHtml(item.description)}` : ''}</li>`,
    );
    return [`<section><h2>${escapeHtml(category.name)}</h2><ul>${dishes.join('')}</ul></section>`];
  });
  return (
    `<noscript><main class="st-noscript-menu"><h1>${escapeHtml(details.name)}</h1>` +
    `<p>${escapeHtml(t('meta.noscript.intro'))}</p>${sections.join('')}</main></noscript>`
  );
}

/** The `data` of a successful JSON reply body, or undefined. */
export function replyData<T>(body: string | undefined): T | undefined {
  if (!body) return undefined;
  try {
    const reply = JSON.parse(body) as { status?: number; data?: T };
    return reply.status === 1 ? reply.data : undefined;
  } catch {
    return undefined;
  }
}

/** One guest call's reply body in `language` (as the app would ask), or undefined when it fails. */
async function guestCall(
  app: FastifyInstance,
  request: { method: 'GET' | 'POST'; url: string; query?: Record<string, string>; body?: unknown },
  headers: Record<string, string>,
): Promise<string | undefined> {
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: { ...headers, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(request.query ? { query: request.query } : {}),
    ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
  });
  return response.statusCode === 200 ? response.body : undefined;
}

/** A food-court page's mall and outlet: from `/fc/:mall[/r/:outlet]`, or a mall host's `/[r/:outlet]`. */
export function foodCourtPage(
  path: string,
  mallHostLabel: string | undefined,
): { mall: string; outlet?: string } | undefined {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return undefined;
    }
  };
  const inPath = /^\/fc\/([^/?#]+)(?:\/r\/([^/?#]+))?/.exec(path);
  const mall = inPath ? decode(inPath[1]!) : mallHostLabel;
  if (!mall) return undefined;
  const outletText = inPath ? inPath[2] : /^\/r\/([^/?#]+)/.exec(path)?.[1];
  const outlet = outletText ? decode(outletText) : undefined;
  return { mall, ...(outlet ? { outlet } : {}) };
}

/**
 * The food court's page meta: the mall's (its outlets), or an outlet's menu; the default page when
 * the mall or outlet is unknown or its replies fail.
 */
export async function foodCourtMeta(
  app: FastifyInstance,
  headers: Record<string, string>,
  language: SupportedLanguage,
  origin: string,
  url: string,
  page: { mall: string; outlet?: string },
): Promise<PageMeta> {
  const mallBody = await guestCall(
    app,
    { method: 'GET', url: restaurants.mallRestaurants.path, query: { mall: page.mall } },
    headers,
  );
  const mall = replyData<MallData>(mallBody);
  if (!mall) return defaultMeta(language, url);
  if (!page.outlet) return mallMeta(language, origin, url, mall);
  const details = replyData<RestaurantDetails>(
    await guestCall(
      app,
      { method: 'POST', url: restaurants.restaurantDetails.path, body: { restaurant_id: page.outlet } },
      headers,
    ),
  );
  return details && details.mall === mall.mall.slug
    ? outletMeta(language, origin, url, mall.mall.name, details)
    : mallMeta(language, origin, url, mall);
}
