import type { Photo } from '@santap/contract';
import type { StoredPhoto } from '../../db/schema';

/** Where the photo files are served (routes/images.ts). */
export const IMAGE_PATH = '/api/images';

/**
 * A stored photo as replies carry it (contract `photoSchema`), with its link-preview JPEG when it has
 * one: only a place's photo is made with one (`storePhoto`), so a menu's dishes carry no URL no app
 * reads.
 */
export function photoView(stored: StoredPhoto | null | undefined): Photo | null {
  if (!stored) return null;
  const url = (width: number, ext: string) => `${IMAGE_PATH}/${stored.hash}-${width}.${ext}`;
  const srcset = (ext: string) => stored.widths.map((width) => `${url(width, ext)} ${width}w`).join(', ');
  const middle = stored.widths.find((width) => width >= 640) ?? stored.widths[stored.widths.length - 1]!;
  return {
    width: stored.width,
    height: stored.height,
    avif: srcset('avif'),
    webp: srcset('webp'),
    src: url(middle, 'webp'),
    placeholder: stored.placeholder,
    ...(stored.share ? { share: { src: `${IMAGE_PATH}/${stored.hash}-share.jpg`, ...stored.share } } : {}),
  };
}
