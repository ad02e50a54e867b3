import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hueOf, initialsOf } from './brand';
import { DishPicture } from './dish-picture';

describe('DishPicture', () => {
  const photo = {
    width: 1280,
    height: 960,
    avif: '/api/images/abc-320.avif 320w, /api/images/abc-640.avif 640w',
    webp: '/api/images/abc-320.webp 320w, /api/images/abc-640.webp 640w',
    src: '/api/images/abc-640.webp',
    placeholder: 'data:image/webp;base64,AAAA',
  };

  it("a dish with a photo -> AVIF and WebP sizes, 4:3 sized (nothing shifts), lazy, decorative (the card's heading names the dish)", () => {
    const { container } = render(<DishPicture name="Teh Tarik" category="Drinks" photo={photo} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/images/abc-640.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['480', '360']);
    expect(img.getAttribute('alt')).toBe('');
    const types = [...container.querySelectorAll('source')].map((source) => source.getAttribute('type'));
    expect(types).toEqual(['image/avif', 'image/webp']);
    expect(container.querySelector('.kiosk-dish-picture--none')).toBeNull();
  });

  it("the attract screen's pictures (priority) load at once", () => {
    const { container } = render(<DishPicture name="Teh Tarik" photo={photo} priority />);
    expect(container.querySelector('img')?.getAttribute('loading')).not.toBe('lazy');
  });

  it("no photo -> a tinted panel with the dish's initial and its category", () => {
    const { container } = render(<DishPicture name="Roti Tisu" category="Roti" photo={null} />);
    const panel = container.querySelector('.kiosk-dish-picture--none') as HTMLElement;
    expect(panel.textContent).toBe('RRoti');
    expect(panel.getAttribute('aria-hidden')).toBe('true');
    expect(panel.style.getPropertyValue('--kiosk-hue')).toBe(String(hueOf('Roti Tisu')));
    expect(container.querySelector('img')).toBeNull();
  });

  it("initials: a place's first two words, a dish's first letter, punctuation skipped", () => {
    expect(initialsOf('Kopitiam Ali')).toBe('KA');
    expect(initialsOf('Mall Demo Food Court')).toBe('MD');
    expect(initialsOf('(Nasi) & Mi', 1)).toBe('N');
    expect(initialsOf('  ')).toBe('');
  });
});
