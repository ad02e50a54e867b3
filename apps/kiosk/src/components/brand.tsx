import type { CSSProperties } from 'react';

/** A name's initials for a logo or a picture without an image ('Kopitiam Ali' -> 'KA'). */
export function initialsOf(name: string, letters = 2): string {
  return name
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, letters)
    .join('')
    .toLocaleUpperCase();
}

/** Warm food tints (hues), so a grid of dishes without pictures still looks chosen, not empty. */
const HUES = [18, 32, 45, 150, 200, 345];

/** A stable tint for `text` (the same dish keeps its colour on every screen and every kiosk). */
export function hueOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return HUES[hash % HUES.length] ?? HUES[0]!;
}

/** The `--kiosk-hue` custom property the placeholders' CSS tints with. */
export const hueStyle = (text: string) => ({ '--kiosk-hue': hueOf(text) }) as CSSProperties;

export interface BrandMarkProps {
  /** The restaurant's or food court's name. */
  name: string;
  /** A logo's address when the place has one; otherwise its initials on a tinted tile. */
  logo?: string | null;
  className?: string;
}

/** The place's logo area: its logo, or its initials on a tile (decorative: the name is said beside it). */
export function BrandMark({ name, logo, className = '' }: BrandMarkProps) {
  return logo ? (
    <img className={`kiosk-logo ${className}`} src={logo} alt="" width={160} height={160} />
  ) : (
    <span className={`kiosk-logo kiosk-logo--initials ${className}`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
