import type { Photo } from '@santap/contract';
import type { StoredPhoto } from '../../db/schema';

/** Where the photo files are served (routes/images.ts). */
export const IMAGE_PATH = '/api/images';

/**
 * A stored photo as replies carry it (contract `photoSchema`). `withShare`: a place's photo, which
 * also names its link-preview JPEG (dishes leave it out: 200 of them would each carry a URL no app
 * reads).
 */
export function photoView(stored: StoredPhoto | null | undefined, withShare = false): Photo | null {
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
    ...(withShare && stored.share
      ? { share: { src: `${IMAGE_PATH}/${stored.hash}-share.jpg`, ...stored.share } }
      : {}),
  };
}
