import { useState } from 'react';
import type { CSSProperties } from 'react';
import { cx } from './cx';
import './photo.css';

/**
 * A photo as the API sends it (contract `photoSchema`): responsive AVIF and WebP `srcset`s, the
 * intrinsic size, a WebP `src` and a tiny blurred placeholder as a data URI.
 */
export interface PhotoData {
  width: number;
  height: number;
  avif: string;
  webp: string;
  src: string;
  placeholder: string;
}

export interface PhotoProps {
  /** The photo; null or absent shows the fallback (a plate drawn in the dish's colour). */
  photo: PhotoData | null | undefined;
  /**
   * The box in CSS pixels: set as the img's width and height attributes (and the box's aspect ratio),
   * so the page reserves the space before anything loads (no layout shift). The photo covers it.
   */
  width: number;
  height: number;
  /** The `sizes` of the srcset: how wide the box is drawn ('96px', '(min-width: 40rem) 36rem, 100vw'). */
  sizes: string;
  /** Alternative text; '' when the name is next to it (most menu rows). */
  alt: string;
  /** Names the fallback's colour, so a dish keeps its colour across pages (the dish name). */
  label: string;
  /**
   * The page's largest paint (a place's header photo, an open dish's): loaded at once with high
   * priority. Others load lazily, as they come near the viewport, or at once with `eager`.
   */
  priority?: boolean;
  /**
   * On the first screen but not its largest paint (the first dishes' thumbnails): loaded at once at the
   * browser's own priority, so the largest paint's photo gets slow 4G's bandwidth first.
   */
  eager?: boolean;
  /** Prefix of the photo's relative URLs (the API's origin, when the app is served elsewhere). */
  baseUrl?: string;
  /** Fills its container's width (width and height then give the aspect ratio only). */
  fluid?: boolean;
  /**
   * The widest file a phone (a screen up to {@link PHONE_MEDIA}) gets, in pixels: for a photo across
   * the page whose bytes come before its largest paint (README, photos).
   */
  phoneMaxWidth?: number;
  className?: string;
}

/** A stable hue (0–359) of a name: the fallback plate's colour. */
export function hueOf(label: string): number {
  let hash = 0;
  for (const char of label) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** The screens `phoneMaxWidth` is for: the diner's single column (its layout's 40rem). */
export const PHONE_MEDIA = '(max-width: 40rem)';

/** The candidates of a `srcset` ('a-160.avif 160w, a-320.avif 320w') no wider than `max` pixels. */
export function srcsetUpTo(srcset: string, max: number): string {
  return srcset
    .split(', ')
    .filter((entry) => Number(/ (\d+)w$/.exec(entry)?.[1] ?? Infinity) <= max)
    .join(', ');
}

function withBase(srcset: string, baseUrl: string): string {
  if (!baseUrl) return srcset;
  return srcset
    .split(', ')
    .map((entry) => (entry.startsWith('/') ? `${baseUrl}${entry}` : entry))
    .join(', ');
}

/**
 * A menu photo: `<picture>` with AVIF then WebP sources at responsive sizes, its box fixed by width
 * and height (CLS stays 0), lazy below the fold, eager on the first screen and `fetchpriority="high"` for its largest paint,
 * the blurred placeholder painted under it until it arrives. Without a photo — or when it fails to
 * load — a drawn plate in the dish's own colour takes the same box, so a menu without photos still
 * looks made that way.
 */
export function Photo({
  photo,
  width,
  height,
  sizes,
  alt,
  label,
  priority = false,
  eager = false,
  baseUrl = '',
  fluid = false,
  phoneMaxWidth,
  className,
}: PhotoProps) {
  const [failed, setFailed] = useState(false);
  const box: CSSProperties = fluid
    ? { aspectRatio: `${width} / ${height}` }
    : { width: `${width}px`, height: `${height}px` };
  if (!photo || failed) {
    const hue = hueOf(label);
    return (
      <span
        className={cx('st-photo', 'st-photo--fallback', fluid && 'st-photo--fluid', className)}
        style={{ ...box, '--st-photo-hue': hue } as CSSProperties}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-testid="photo-fallback"
      >
        <svg viewBox="0 0 96 96" width="100%" height="100%" preserveAspectRatio="xMidYMid slice" aria-hidden>
          <circle cx="48" cy="50" r="30" className="st-photo__plate" />
          <circle cx="48" cy="50" r="21" className="st-photo__well" />
          <path
            className="st-photo__cutlery"
            d="M16 28v14a4 4 0 0 0 3 4v26h3V46a4 4 0 0 0 3-4V28h-2v12h-1.5V28h-2v12H18V28zM78 28c-4 2-6 8-6 14v6h3v24h3z"
          />
        </svg>
      </span>
    );
  }
  return (
    <picture className={cx('st-photo', fluid && 'st-photo--fluid', className)} style={box}>
      {phoneMaxWidth !== undefined &&
        (['avif', 'webp'] as const).map((format) => {
          const srcset = srcsetUpTo(photo[format], phoneMaxWidth);
          return srcset ? (
            <source
              key={format}
              media={PHONE_MEDIA}
              type={`image/${format}`}
              srcSet={withBase(srcset, baseUrl)}
              sizes="100vw"
            />
          ) : null;
        })}
      <source type="image/avif" srcSet={withBase(photo.avif, baseUrl)} sizes={sizes} />
      <source type="image/webp" srcSet={withBase(photo.webp, baseUrl)} sizes={sizes} />
      <img
        className="st-photo__img"
        src={withBase(photo.src, baseUrl)}
        alt={alt}
        width={width}
        height={height}
        loading={priority || eager ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'auto' : 'async'}
        style={{ backgroundImage: `url("${photo.placeholder}")` }}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}

/** What the named photo shapes below take: the photo, the name beside it, where the API is. */
export interface PlacedPhotoProps {
  photo: PhotoData | null | undefined;
  /** The dish's or place's name: it is written next to the photo (so alt is ''), and colours the fallback. */
  name: string;
  baseUrl?: string | undefined;
  className?: string;
}

/** A square thumbnail beside a row's text (a dish row, an outlet card): lazy unless among the first (`eager`). */
export function ThumbPhoto({
  size,
  eager = false,
  ...props
}: PlacedPhotoProps & { size: number; eager?: boolean }) {
  return <Photo {...shared(props)} width={size} height={size} sizes={`${size}px`} eager={eager} />;
}

/**
 * A place's header (a restaurant's or an outlet's menu), 3:1 across the page inside its 1rem margins
 * (`sizes`): the first paint. Nothing without a photo. A phone gets at most the 640 px file: across a 360–412 px screen that is 1.6–1.8
 * pixels per CSS pixel, sharp enough for a banner, and about half the bytes of the next size on a
 * phone's data before the page's largest paint (README, photos).
 */
export function HeaderPhoto(props: PlacedPhotoProps) {
  if (!props.photo) return null;
  return (
    <Photo
      {...shared(props)}
      width={1200}
      height={400}
      fluid
      sizes="calc(100vw - 2rem)"
      phoneMaxWidth={640}
      priority
    />
  );
}

/** A dish's photo atop its popup, 8:5 across the sheet. */
export function PopupPhoto(props: PlacedPhotoProps) {
  return (
    <Photo
      {...shared(props)}
      width={640}
      height={400}
      fluid
      sizes="(min-width: 40rem) 36rem, 100vw"
      priority
    />
  );
}

const shared = ({ photo, name, baseUrl, className }: PlacedPhotoProps) => ({
  photo,
  alt: '',
  label: name,
  ...(baseUrl !== undefined ? { baseUrl } : {}),
  ...(className !== undefined ? { className } : {}),
});
