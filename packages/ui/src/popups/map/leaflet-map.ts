/**
 * The slippy map behind the map popup, drawn by Leaflet. `MapPopup` loads this module with a dynamic
 * `import()` when it opens, so Leaflet (~40 KB gzipped) and its stylesheet stay out of every
 * screen that does not show a map. The popup owns the chosen point and zoom; this module shows them
 * and reports what the diner did on the map itself (drag, pinch, wheel, tap, double tap).
 */
// The types of Leaflet's ES build must reach every program that compiles this file (the apps' too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./leaflet-esm.d.ts" />
import { GridLayer, Map as LeafletMap, TileLayer } from 'leaflet/dist/leaflet-src.esm.js';
import 'leaflet/dist/leaflet.css';
import type { MapTiles } from '../map-popup';
import { TILE_SIZE, tileUrl } from './web-mercator';
import type { Coordinates } from './web-mercator';

export interface LiveMapOptions {
  center: Coordinates;
  zoom: number;
  minZoom: number;
  maxZoom: number;
  /** The tile source; null: the grid alone. */
  tiles: MapTiles | null;
  /** No animation of the diner's own gestures (the diner asked for reduced motion). */
  still: boolean;
  /** After every move of the map: by the diner on the map, or after {@link LiveMap.show}. */
  onMoveEnd: (center: Coordinates, zoom: number) => void;
  /** The tile layer was taken off because its tiles kept failing: the grid alone from now on. */
  onTilesFailed: () => void;
}

export interface LiveMap {
  /**
   * Moves the map to `center` at `zoom` at once. Not animated: a second button press during an
   * animation would stop it half-way, and its 'moveend' would report a point the diner never chose.
   */
  show: (center: Coordinates, zoom: number) => void;
  /** The container changed size: the map fills it again around the same centre. */
  resize: () => void;
  destroy: () => void;
}

/**
 * Tiles failing one after another, none loading in between, before the tile layer is taken off:
 * offline (or with a wrong MAP_TILE_URL) every pan would otherwise ask for tiles that fail again.
 */
export const FAILURES_BEFORE_GIVING_UP = 4;

/** Grid lines that pan and zoom with the map, under the tiles: what the diner sees without tiles. */
class GridLines extends GridLayer {
  protected override createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.className = 'st-map__grid-tile';
    return tile;
  }
}

/** A Leaflet map in `container` (which it fills), showing `options.center` at `options.zoom`. */
export function createLiveMap(container: HTMLElement, options: LiveMapOptions): LiveMap {
  const animate = !options.still;
  const map = new LeafletMap(container, {
    center: [options.center.lat, options.center.lng],
    zoom: options.zoom,
    minZoom: options.minZoom,
    maxZoom: options.maxZoom,
    // The popup draws its own zoom buttons and attribution (in the diner's language, as text) and
    // handles the keys on its area: one tab stop, no English titles from Leaflet.
    zoomControl: false,
    attributionControl: false,
    keyboard: false,
    boxZoom: false,
    // The pin is the centre: every zoom keeps the centre, so zooming never moves the chosen point.
    scrollWheelZoom: 'center',
    doubleClickZoom: 'center',
    touchZoom: 'center',
    zoomAnimation: animate,
    fadeAnimation: animate,
    markerZoomAnimation: false,
    inertia: animate,
  });
  new GridLines({ tileSize: TILE_SIZE, zIndex: 0 }).addTo(map);

  if (options.tiles) {
    const tiles = new TileLayer(options.tiles.url, { maxZoom: options.maxZoom, zIndex: 1 });
    const retina = (window.devicePixelRatio || 1) > 1;
    const template = options.tiles.url;
    tiles.getTileUrl = (coords) => tileUrl(template, coords, { retina });
    // A failed tile stays hidden (Leaflet shows a tile once it has loaded), so the grid shows through.
    let failures = 0;
    tiles.on('tileload', () => {
      failures = 0;
    });
    tiles.on('tileerror', () => {
      failures += 1;
      if (failures !== FAILURES_BEFORE_GIVING_UP) return;
      tiles.remove();
      options.onTilesFailed();
    });
    tiles.addTo(map);
  }

  map.on('moveend', () => {
    const center = map.getCenter().wrap();
    options.onMoveEnd({ lat: center.lat, lng: center.lng }, map.getZoom());
  });
  // A tap moves the map there: the tapped place comes under the pin.
  map.on('click', (event) => {
    map.panTo(event.latlng, { animate });
  });

  return {
    show: (center, zoom) => {
      map.setView([center.lat, center.lng], zoom, { animate: false });
    },
    resize: () => {
      map.invalidateSize({ animate: false, pan: true });
    },
    destroy: () => {
      map.remove();
    },
  };
}
