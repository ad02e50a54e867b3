import { Photo } from '@santap/ui';
import type { PhotoData } from '@santap/ui';
import { hueStyle, initialsOf } from './brand';

export interface DishPictureProps {
  name: string;
  /** The dish's category, written on the placeholder ('Rice & noodles'). */
  category?: string | undefined;
  /** The menu reply's `photo` (AVIF and WebP sizes, a blurred placeholder), null when the dish has none. */
  photo: PhotoData | null | undefined;
  /** The first cards on screen: loaded at once (the others lazily). */
  priority?: boolean;
}

/**
 * The picture area of a dish card, always the same size (4:3, so nothing shifts as photos arrive): the
 * dish's photo through ui's `Photo` (decorative: the dish's name is its card's heading), or an intended
 * placeholder, a tinted panel with the dish's initial and its category.
 */
export function DishPicture({ name, category, photo, priority = false }: DishPictureProps) {
  if (photo) {
    return (
      <Photo
        className="kiosk-dish-picture"
        photo={photo}
        width={480}
        height={360}
        fluid
        // Two columns on a portrait kiosk, four in landscape (README 'Kiosk layout').
        sizes="(orientation: landscape) 25vw, 50vw"
        alt=""
        label={name}
        priority={priority}
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
