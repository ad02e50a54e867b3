import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hueOf, initialsOf } from './brand';
import { DishPicture } from './dish-picture';

describe('DishPicture', () => {
  it("a dish with an image -> the image, lazy, 4:3 sized (nothing shifts), decorative (the card's heading names the dish)", () => {
    const { container } = render(<DishPicture name="Teh Tarik" category="Drinks" image="/media/teh.webp" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/teh.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['480', '360']);
    expect(img.getAttribute('alt')).toBe('');
  });

  it("no image -> a tinted panel with the dish's initial and its category; an image that fails -> the same panel", () => {
    const { container, rerender } = render(<DishPicture name="Roti Tisu" category="Roti" image={null} />);
    const panel = container.querySelector('.kiosk-dish-picture--none') as HTMLElement;
    expect(panel.textContent).toBe('RRoti');
    expect(panel.getAttribute('aria-hidden')).toBe('true');
    expect(panel.style.getPropertyValue('--kiosk-hue')).toBe(String(hueOf('Roti Tisu')));

    rerender(<DishPicture name="Roti Tisu" category="Roti" image="/media/missing.webp" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.kiosk-dish-picture--none')?.textContent).toBe('RRoti');
  });

  it("initials: a place's first two words, a dish's first letter, punctuation skipped", () => {
    expect(initialsOf('Kopitiam Ali')).toBe('KA');
    expect(initialsOf('Mall Demo Food Court')).toBe('MD');
    expect(initialsOf('(Nasi) & Mi', 1)).toBe('N');
    expect(initialsOf('  ')).toBe('');
  });
});
