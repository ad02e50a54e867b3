import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { FAILURES_BEFORE_GIVING_UP } from './map/leaflet-map';
import { MapPopup } from './map-popup';
import type { MapTiles } from './map-popup';

const noop = () => undefined;
const CENTRE = { lat: 3.1, lng: 101.7 };
/** Degrees of longitude in one pixel at zoom z (one 256-pixel tile is 360 / 2^z degrees wide). */
const degreesPerPixel = (z: number) => 360 / (256 * 2 ** z);
/** Degrees of latitude in one pixel near `lat` (Mercator stretches north-south by 1 / cos(latitude)). */
const latitudePerPixel = (z: number, lat: number) => degreesPerPixel(z) * Math.cos((lat * Math.PI) / 180);

const TILES: MapTiles = {
  url: 'https://tiles.santap.test/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
  maxZoom: 19,
};

// happy-dom lays nothing out: give every element a 320 × 256 box so Leaflet sees a map of that size.
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 320 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 256 });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});

const tileImages = () => [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
const liveMap = async () => {
  await waitFor(() =>
    expect(document.querySelector('.st-map__area--live .leaflet-container')).not.toBeNull(),
  );
  return document.querySelector<HTMLElement>('.st-map__canvas')!;
};

describe('MapPopup', () => {
  it('north twice, east once at zoom 17 -> onConfirm with the centre 96 px north and 48 px east', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderIn(<MapPopup open onClose={noop} onConfirm={onConfirm} center={CENTRE} />);
    await liveMap();
    await user.click(screen.getByRole('button', { name: 'Move pin north' }));
    await user.click(screen.getByRole('button', { name: 'Move pin north' }));
    await user.click(screen.getByRole('button', { name: 'Move pin east' }));
    const lat = CENTRE.lat + 96 * latitudePerPixel(17, CENTRE.lat);
    const lng = CENTRE.lng + 48 * degreesPerPixel(17);
    expect(screen.getByText(`Latitude ${lat.toFixed(5)}, longitude ${lng.toFixed(5)}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm location' }));
    const [point] = onConfirm.mock.calls[0] as [{ lat: number; lng: number }];
    expect(point.lat).toBeCloseTo(lat, 5);
    expect(point.lng).toBeCloseTo(lng, 5);
  });

  it('zoom in once -> an arrow moves half as far; + and arrow keys on the map area do what the buttons do', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderIn(<MapPopup open onClose={noop} onConfirm={onConfirm} center={CENTRE} />);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Move pin west' }));
    screen.getByRole('group', { name: /^Map, pin at/ }).focus();
    await user.keyboard('+{ArrowDown}');
    await user.click(screen.getByRole('button', { name: 'Confirm location' }));
    const [point] = onConfirm.mock.calls[0] as [{ lat: number; lng: number }];
    expect(point.lng).toBeCloseTo(CENTRE.lng - 48 * degreesPerPixel(18), 5);
    expect(point.lat).toBeCloseTo(CENTRE.lat - 48 * latitudePerPixel(19, CENTRE.lat), 5);
  });

  it('spanDegrees 0.001: 30 steps south -> the point stops at centre − 0.001', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderIn(<MapPopup open onClose={noop} onConfirm={onConfirm} center={CENTRE} spanDegrees={0.001} />);
    screen.getByRole('group', { name: /^Map, pin at/ }).focus();
    for (let i = 0; i < 30; i++) await user.keyboard('{ArrowDown}');
    expect(screen.getByText('Latitude 3.09900, longitude 101.70000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to the starting point' }));
    await user.click(screen.getByRole('button', { name: 'Confirm location' }));
    expect(onConfirm).toHaveBeenCalledWith(CENTRE);
  });

  it('a tap on the live map 100 px east of the pin -> that place comes under the pin', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderIn(<MapPopup open onClose={noop} onConfirm={onConfirm} center={CENTRE} />);
    const canvas = await liveMap();
    // The map is 320 × 256: its centre is at (160, 128) from its top-left corner.
    fireEvent.click(canvas, { clientX: 260, clientY: 128 });
    const lng = CENTRE.lng + 100 * degreesPerPixel(17);
    await screen.findByText(`Latitude 3.10000, longitude ${lng.toFixed(5)}`);
    await user.click(screen.getByRole('button', { name: 'Confirm location' }));
    const [point] = onConfirm.mock.calls[0] as [{ lat: number; lng: number }];
    expect(point.lng).toBeCloseTo(lng, 5);
    expect(point.lat).toBeCloseTo(CENTRE.lat, 5);
  });

  it('tiles given -> the tile holding the start point at zoom 17 is asked for; the attribution links to its page', async () => {
    renderIn(
      <MapPopup open onClose={noop} onConfirm={noop} center={{ lat: 3.139, lng: 101.6869 }} tiles={TILES} />,
    );
    await liveMap();
    // 17/102559/64392 holds Kuala Lumpur (3.139, 101.6869): web-mercator.test.ts checks it with OSM's formula.
    await waitFor(() =>
      expect(tileImages().map((image) => image.getAttribute('src'))).toContain(
        'https://tiles.santap.test/17/102559/64392.png',
      ),
    );
    const link = screen.getByRole('link', { name: '© OpenStreetMap contributors' });
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');
  });

  it(`tiles failing (offline) -> after ${FAILURES_BEFORE_GIVING_UP} failures no more tile requests, no attribution; the grid and the picking stay`, async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    const errors = vi.spyOn(console, 'error');
    renderIn(<MapPopup open onClose={noop} onConfirm={onConfirm} center={CENTRE} tiles={TILES} />);
    await liveMap();
    await waitFor(() => expect(tileImages().length).toBeGreaterThanOrEqual(FAILURES_BEFORE_GIVING_UP));
    for (const image of tileImages()) image.dispatchEvent(new Event('error'));
    await waitFor(() => expect(tileImages()).toHaveLength(0));
    expect(screen.queryByRole('link', { name: '© OpenStreetMap contributors' })).toBeNull();
    expect(document.querySelectorAll('.st-map__grid-tile').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Move pin east' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(tileImages()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm location' }));
    const [point] = onConfirm.mock.calls[0] as [{ lat: number; lng: number }];
    expect(point.lng).toBeCloseTo(CENTRE.lng + 48 * degreesPerPixel(17), 5);
    expect(errors).not.toHaveBeenCalled();
  });

  it('no tiles -> nothing but the grid: no tile image, no attribution', async () => {
    renderIn(<MapPopup open onClose={noop} onConfirm={noop} center={CENTRE} tiles={null} />);
    await liveMap();
    await waitFor(() => expect(document.querySelectorAll('.st-map__grid-tile').length).toBeGreaterThan(0));
    expect(tileImages()).toHaveLength(0);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
