/**
 * The photo pipeline (README "Menu photos"): one uploaded file -> responsive sizes in AVIF and WebP,
 * the intrinsic size and a tiny blurred placeholder, with sharp (libvips). Bad input is refused here,
 * before anything is stored: not an image (415), more pixels than PHOTO_MAX_PIXELS — a decompression
 * bomb is a small file that decodes to gigabytes; sharp's `limitInputPixels` refuses it from the
 * header, before decoding — (422). The byte limit is the route's body limit (413).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { PHOTO_MAX_PIXELS } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import type { StoredPhoto } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { ImageContentType } from './storage';

/**
 * The widths made of every photo (those not wider than the original; at least the smallest). 960 is
 * for a banner across a phone: 412 CSS px at a density of 1.75 wants 721 px, which without it is the
 * 1280 one (a third more bytes before the page's largest paint on slow 4G).
 */
export const PHOTO_WIDTHS = [160, 320, 640, 960, 1280] as const;

/** Formats sharp may decode from an upload: the photo formats browsers and phones produce. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);

/**
 * The link-preview picture (README "Menu photos"): WhatsApp and Facebook read JPEG reliably, not AVIF
 * and not always WebP; WhatsApp shows none over 300 KB or under 300 × 200. 1.91:1 is the card both
 * draw, so the picture is cropped to it around its most salient part.
 */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 628;
export const SHARE_MAX_BYTES = 300_000;
/** WhatsApp's smallest preview picture is 300 × 200: at 1.91:1 that is 382 × 200. */
export const SHARE_MIN_WIDTH = 382;
export const SHARE_MIN_HEIGHT = 200;
/** JPEG qualities tried in turn until the picture fits {@link SHARE_MAX_BYTES} (a photo fits at the first). */
const SHARE_QUALITIES = [80, 65, 50, 35] as const;

export interface PhotoFile {
  name: string;
  body: Buffer;
  contentType: ImageContentType;
}

export interface MadePhoto {
  photo: StoredPhoto;
  files: PhotoFile[];
}

function refuseUnreadable(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return fail(MESSAGE.imageTooManyPixels, { megapixels: PHOTO_MAX_PIXELS / 1_000_000 });
  }
  return fail(MESSAGE.imageNotAnImage);
}

/**
 * Makes the sizes of one photo. EXIF orientation is applied (a phone's portrait photo stands up) and
 * metadata dropped (no GPS position leaves the server). The name hash is of the source bytes, so the
 * same upload twice names the same files. `share`: a place's photo, which also gets its link-preview
 * JPEG (a dish's never shows in a preview).
 */
export async function makePhoto(source: Buffer, { share = false } = {}): Promise<MadePhoto> {
  if (source.length === 0) fail(MESSAGE.imageNotAnImage);
  const open = () =>
    sharp(source, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', animated: false }).rotate();
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
  } catch (error) {
    return refuseUnreadable(error);
  }
  const format = metadata.format as string | undefined;
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    return fail(MESSAGE.imageNotAnImage);
  }
  if (!metadata.width || !metadata.height) return fail(MESSAGE.imageNotAnImage);
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) {
    return fail(MESSAGE.imageTooManyPixels, { megapixels: PHOTO_MAX_PIXELS / 1_000_000 });
  }
  // EXIF orientations 5-8 swap width and height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const sourceWidth = turned ? metadata.height : metadata.width;
  const sourceHeight = turned ? metadata.width : metadata.height;
  const widths = PHOTO_WIDTHS.filter((width) => width <= sourceWidth);
  if (widths.length === 0) widths.push(sourceWidth as (typeof PHOTO_WIDTHS)[number]);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 20);

  try {
    const files: PhotoFile[] = [];
    for (const width of widths) {
      const resized = open().resize({ width, withoutEnlargement: true });
      const [avif, webp] = await Promise.all([
        resized.clone().avif({ quality: 50, effort: 3 }).toBuffer(),
        resized.clone().webp({ quality: 72, effort: 4 }).toBuffer(),
      ]);
      files.push({ name: `${hash}-${width}.avif`, body: avif, contentType: 'image/avif' });
      files.push({ name: `${hash}-${width}.webp`, body: webp, contentType: 'image/webp' });
    }
    const preview = share ? await sharePicture(open, sourceWidth, sourceHeight) : undefined;
    if (preview) files.push({ name: `${hash}-share.jpg`, body: preview.body, contentType: 'image/jpeg' });
    const largest = widths[widths.length - 1]!;
    const placeholder = await open()
      .resize({ width: 16 })
      .blur(1.2)
      .webp({ quality: 40, effort: 4 })
      .toBuffer();
    return {
      photo: {
        hash,
        width: largest,
        height: Math.round((sourceHeight * largest) / sourceWidth),
        widths: [...widths],
        placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`,
        ...(preview ? { share: { width: preview.width, height: preview.height } } : {}),
      },
      files,
    };
  } catch (error) {
    return refuseUnreadable(error);
  }
}

/**
 * The link-preview JPEG: {@link SHARE_WIDTH} × {@link SHARE_HEIGHT} (a smaller source keeps its width,
 * at the same 1.91:1), cropped around the salient part, transparency on white (a logo's clear
 * background would be black in a JPEG), at the best quality under {@link SHARE_MAX_BYTES}. None when
 * WhatsApp would not show it: under {@link SHARE_MIN_WIDTH} × {@link SHARE_MIN_HEIGHT}, or over the
 * limit even at the lowest quality; the page then falls back to a dish's picture.
 */
async function sharePicture(open: () => Sharp, sourceWidth: number, sourceHeight: number) {
  const width = Math.min(SHARE_WIDTH, sourceWidth, Math.round((sourceHeight * SHARE_WIDTH) / SHARE_HEIGHT));
  const height = Math.round((width * SHARE_HEIGHT) / SHARE_WIDTH);
  if (width < SHARE_MIN_WIDTH || height < SHARE_MIN_HEIGHT) return undefined;
  const cropped = open()
    .resize({ width, height, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' });
  for (const quality of SHARE_QUALITIES) {
    const body = await cropped.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (body.length <= SHARE_MAX_BYTES) return { body, width, height };
  }
  return undefined;
}
