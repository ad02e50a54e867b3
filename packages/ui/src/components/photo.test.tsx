import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HeaderPhoto, PHONE_MEDIA, Photo, ThumbPhoto, hueOf, srcsetUpTo } from './photo';
import type { PhotoData } from './photo';

afterEach(cleanup);

const photo: PhotoData = {
  width: 640,
  height: 427,
  avif: '/api/images/abc-160.avif 160w, /api/images/abc-320.avif 320w',
  webp: '/api/images/abc-160.webp 160w, /api/images/abc-320.webp 320w',
  src: '/api/images/abc-320.webp',
  placeholder: 'data:image/webp;base64,UklGRg==',
};

describe('Photo', () => {
  it('a photo -> AVIF then WebP sources with sizes, an img with width and height, lazy, the placeholder under it', () => {
    const { container } = render(
      <Photo
        photo={photo}
        width={96}
        height={96}
        sizes="96px"
        alt=""
        label="Nasi Lemak"
        baseUrl="https://api.test"
      />,
    );
    const sources = [...container.querySelectorAll('source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      'https://api.test/api/images/abc-160.avif 160w, https://api.test/api/images/abc-320.avif 320w',
    );
    expect(sources.every((source) => source.getAttribute('sizes') === '96px')).toBe(true);
    const img = container.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['96', '96']);
    expect(img.getAttribute('src')).toBe('https://api.test/api/images/abc-320.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBe('auto');
    expect(img.style.backgroundImage).toContain('data:image/webp;base64,UklGRg==');
  });

  it('priority -> eager with fetchpriority high', () => {
    const { container } = render(
      <Photo photo={photo} width={96} height={96} sizes="96px" alt="" label="Nasi Lemak" priority />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it("eager (the first screen's thumbnails) -> loaded at once at the browser's own priority", () => {
    const { container } = render(<ThumbPhoto photo={photo} size={96} name="Nasi Lemak" eager />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('auto');
  });

  it('no photo -> the drawn fallback in the same box, hidden from screen readers; alt given -> an image named by it', () => {
    const { rerender } = render(
      <Photo photo={null} width={96} height={72} sizes="96px" alt="" label="Teh Tarik" />,
    );
    const fallback = screen.getByTestId('photo-fallback');
    expect([fallback.style.width, fallback.style.height]).toEqual(['96px', '72px']);
    expect(fallback.getAttribute('aria-hidden')).toBe('true');
    expect(fallback.style.getPropertyValue('--st-photo-hue')).toBe(String(hueOf('Teh Tarik')));
    rerender(
      <Photo photo={undefined} width={96} height={72} sizes="96px" alt="Warung Sari" label="Warung Sari" />,
    );
    expect(screen.getByRole('img', { name: 'Warung Sari' })).toBeTruthy();
  });

  it('the photo fails to load -> the fallback takes its box', () => {
    const { container } = render(
      <Photo photo={photo} width={96} height={96} sizes="96px" alt="" label="Nasi Lemak" />,
    );
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('photo-fallback').style.width).toBe('96px');
  });

  it('fluid -> the box keeps the aspect ratio of width and height', () => {
    const { container } = render(
      <Photo photo={photo} width={640} height={320} sizes="100vw" alt="" label="x" fluid />,
    );
    expect((container.firstChild as HTMLElement).style.aspectRatio).toBe('640 / 320');
  });

  it("a place's header -> a phone gets files up to 640 px, a wider screen every size", () => {
    const widths = [160, 320, 640, 960, 1280];
    const set = (format: string) => widths.map((w) => `/api/images/h-${w}.${format} ${w}w`).join(', ');
    const header: PhotoData = { ...photo, width: 1280, height: 427, avif: set('avif'), webp: set('webp') };
    const { container } = render(<HeaderPhoto photo={header} name="Kopitiam Ali" />);
    const sources = [...container.querySelectorAll('source')].map((source) => ({
      media: source.getAttribute('media'),
      type: source.getAttribute('type'),
      srcset: source.getAttribute('srcset'),
      sizes: source.getAttribute('sizes'),
    }));
    const phone = (format: string) =>
      widths
        .slice(0, 3)
        .map((w) => `/api/images/h-${w}.${format} ${w}w`)
        .join(', ');
    expect(sources).toEqual([
      { media: PHONE_MEDIA, type: 'image/avif', srcset: phone('avif'), sizes: '100vw' },
      { media: PHONE_MEDIA, type: 'image/webp', srcset: phone('webp'), sizes: '100vw' },
      { media: null, type: 'image/avif', srcset: set('avif'), sizes: 'calc(100vw - 2rem)' },
      { media: null, type: 'image/webp', srcset: set('webp'), sizes: 'calc(100vw - 2rem)' },
    ]);
  });

  it('srcsetUpTo -> the candidates no wider than the limit; none -> empty (no phone source)', () => {
    expect(srcsetUpTo('a-160.avif 160w, a-640.avif 640w, a-960.avif 960w', 640)).toBe(
      'a-160.avif 160w, a-640.avif 640w',
    );
    expect(srcsetUpTo('a-960.avif 960w', 640)).toBe('');
    const { container } = render(
      <Photo
        photo={{ ...photo, avif: 'a-960.avif 960w', webp: 'a-960.webp 960w' }}
        width={3}
        height={1}
        sizes="100vw"
        alt=""
        label="x"
        phoneMaxWidth={640}
      />,
    );
    expect(container.querySelectorAll('source[media]')).toHaveLength(0);
  });

  it('hue of a name -> stable, 0-359, differs between dishes', () => {
    expect(hueOf('Nasi Lemak')).toBe(hueOf('Nasi Lemak'));
    expect(hueOf('Nasi Lemak')).not.toBe(hueOf('Teh Tarik'));
    expect(hueOf('Roti Canai')).toBeGreaterThanOrEqual(0);
    expect(hueOf('Roti Canai')).toBeLessThan(360);
  });
});
