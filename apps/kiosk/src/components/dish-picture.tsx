import { useState } from 'react';
import { hueStyle, initialsOf } from './brand';

export interface DishPictureProps {
  name: string;
  /** The dish's category, written on the placeholder ('Rice & noodles'). */
  category?: string | undefined;
  /** The menu reply's `image` (an address), `null` when the dish has none. */
  image: string | null;
}

/**
 * The picture area of a dish card, always the same size (4:3, so nothing shifts as images arrive):
 * the dish's image when the menu has one (lazy, decorative: the dish's name is its card's heading), or
 * an intended placeholder, a tinted panel with the dish's initial and its category. An image that
 * fails to load falls back to the placeholder.
 */
export function DishPicture({ name, category, image }: DishPictureProps) {
  const [failed, setFailed] = useState(false);
  if (image && !failed) {
    return (
      <img
        className="kiosk-dish-picture"
        src={image}
        alt=""
        width={480}
        height={360}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <div className="kiosk-dish-picture kiosk-dish-picture--none" style={hueStyle(name)} aria-hidden="true">
      <span className="kiosk-dish-picture__initial">{initialsOf(name, 1)}</span>
      {category ? <span className="kiosk-dish-picture__category">{category}</span> : null}
    </div>
  );
}
