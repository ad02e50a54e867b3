import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { intlLocale } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import { Button, IconButton } from '../components/button';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icons';
import type { LiveMap } from './map/leaflet-map';
import { panByPixels, pixelDistance, project } from './map/web-mercator';
import type { Coordinates } from './map/web-mercator';

export type { Coordinates } from './map/web-mercator';

/**
 * A raster tile source in Web Mercator (the server's `MAP_TILE_URL` and `MAP_TILE_ATTRIBUTION`): the
 * same shape as the contract's `map_tiles`, so an app passes that reply on as it is.
 */
export interface MapTiles {
  /** URL template: `{z}`, `{x}`, `{y}` (or `{-y}`), optionally `{s}` (a, b, c) and `{r}` (`@2x`). */
  url: string;
  /** Plain text shown on the map, as the provider's licence asks ('© OpenStreetMap contributors'). */
  attribution: string;
  /** Where the attribution links to (OpenStreetMap's copyright page); absent: plain text. */
  attributionUrl?: string | null;
  /** The deepest zoom the source has (default 19). */
  maxZoom?: number;
}

/** Props of {@link MapPopup}. */
export interface MapPopupProps {
  open: boolean;
  onClose: () => void;
  /** Where the map opens without `initial`: the geolocated point, or the restaurant. */
  center: Coordinates;
  /** Where the map opens (defaults to `center`). */
  initial?: Coordinates;
  onConfirm: (point: Coordinates) => void;
  /** How far in degrees the chosen point may go from `center` (no limit by default). */
  spanDegrees?: number;
  saving?: boolean;
  /** The tiles drawn under the pin; absent or null: the grid alone (nothing is fetched but the map's code). */
  tiles?: MapTiles | null | undefined;
  /** The zoom the map opens at (default 17: streets and buildings). */
  zoom?: number;
}

interface View {
  center: Coordinates;
  zoom: number;
}

const START_ZOOM = 17;
const MIN_ZOOM = 3;
const MAX_ZOOM = 19;
/** How far an arrow button or key pans the map, in pixels: about 57 m at zoom 17 near the equator. */
const STEP_PX = 48;
/** The grid's cell in pixels, as `.st-map__area` and `.st-map__grid-tile` draw it. */
const GRID_CELL = 32;

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const sameView = (a: View, b: View) =>
  a.zoom === b.zoom && a.center.lat === b.center.lat && a.center.lng === b.center.lng;
const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The delivery point picker: a slippy map (Leaflet, loaded when the popup opens) with the pin fixed at
 * its centre. The diner drags or zooms the map under the pin, taps a place to bring it there, or
 * uses the arrow buttons and keys (pan) and the zoom buttons and + / − keys; the chosen point is the
 * centre, shown as text. Tiles come from `tiles`; under them a grid moves with the map, so without
 * tiles, offline or while tiles fail the picking works the same. Until Leaflet has loaded (or when
 * its code cannot load) the grid alone follows the buttons, keys and taps.
 */
export function MapPopup({
  open,
  onClose,
  center,
  initial,
  onConfirm,
  spanDegrees,
  saving,
  tiles,
  zoom = START_ZOOM,
}: MapPopupProps) {
  const { t, language } = useUiTranslation();
  const start = initial ?? center;
  const maxZoom = tiles?.maxZoom ?? MAX_ZOOM;
  const zoomWithin = (value: number) => clamp(Math.round(value), MIN_ZOOM, maxZoom);
  const limit = (point: Coordinates): Coordinates =>
    spanDegrees === undefined
      ? point
      : {
          lat: clamp(point.lat, center.lat - spanDegrees, center.lat + spanDegrees),
          lng: clamp(point.lng, center.lng - spanDegrees, center.lng + spanDegrees),
        };

  const [view, setView] = useState<View>(() => ({ center: start, zoom: zoomWithin(zoom) }));
  const [live, setLive] = useState<LiveMap | null>(null);
  const [tilesShown, setTilesShown] = useState(false);
  const canvas = useRef<HTMLDivElement>(null);
  // The view the live map last showed or reported: a `view` that differs came from a button or key.
  const shown = useRef<View>(view);
  // What the map's callbacks read when they run (the map lives longer than one render).
  const latest = useRef({ view, tiles, limit });
  useEffect(() => {
    latest.current = { view, tiles, limit };
  });

  const tileTemplate = tiles?.url;
  useEffect(() => {
    const element = canvas.current;
    if (!open || !element) return undefined;
    let cancelled = false;
    let map: LiveMap | undefined;
    let observer: ResizeObserver | undefined;
    import('./map/leaflet-map')
      .then(({ createLiveMap }) => {
        if (cancelled) return;
        const { view: startView, tiles: source } = latest.current;
        const created = createLiveMap(element, {
          center: startView.center,
          zoom: startView.zoom,
          minZoom: MIN_ZOOM,
          maxZoom,
          tiles: source ?? null,
          still: reducedMotion(),
          onMoveEnd: (moved, movedZoom) => {
            // Within 2 pixels of what the map was told to show: its own rounding, not a move.
            const last = shown.current;
            if (movedZoom === last.zoom && pixelDistance(moved, last.center, movedZoom) < 2) return;
            const limited = latest.current.limit(moved);
            const next = { center: limited, zoom: movedZoom };
            shown.current = next;
            setView(next);
            if (limited.lat !== moved.lat || limited.lng !== moved.lng) created.show(limited, movedZoom);
          },
          onTilesFailed: () => setTilesShown(false),
        });
        map = created;
        shown.current = startView;
        if (typeof ResizeObserver === 'function') {
          observer = new ResizeObserver(() => created.resize());
          observer.observe(element);
        }
        setLive(created);
        setTilesShown(Boolean(source));
      })
      .catch(() => {
        // The map's code did not load (offline): the grid alone, picked the same way.
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      map?.destroy();
      setLive(null);
      setTilesShown(false);
    };
  }, [open, tileTemplate, maxZoom]);

  // A view changed by a button, a key or 'back to the start' moves the live map.
  useEffect(() => {
    if (!live || sameView(view, shown.current)) return;
    shown.current = view;
    live.show(view.center, view.zoom);
  }, [live, view]);

  const pan = (dx: number, dy: number) =>
    setView((current) => ({
      ...current,
      center: limit(panByPixels(current.center, current.zoom, dx, dy)),
    }));
  const zoomBy = (delta: number) =>
    setView((current) => ({ ...current, zoom: zoomWithin(current.zoom + delta) }));

  const format = new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: 5,
    maximumFractionDigits: 5,
  });
  const lat = format.format(view.center.lat);
  const lng = format.format(view.center.lng);

  // Without the live map, a tap brings the tapped place under the pin (the live map does it itself).
  const onAreaClick = (event: MouseEvent<HTMLDivElement>) => {
    if (live) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    pan(event.clientX - (box.left + box.width / 2), event.clientY - (box.top + box.height / 2));
  };

  const onAreaKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, -STEP_PX],
      ArrowDown: [0, STEP_PX],
      ArrowLeft: [-STEP_PX, 0],
      ArrowRight: [STEP_PX, 0],
    };
    const zooms: Record<string, number> = { '+': 1, '=': 1, '-': -1, _: -1 };
    const move = moves[event.key];
    const zoomStep = zooms[event.key];
    if (move) pan(move[0], move[1]);
    else if (zoomStep) zoomBy(zoomStep);
    else return;
    event.preventDefault();
  };

  // The grid alone moves with the centre, so a button press shows on the picker before the map loads.
  const pixel = project(view.center, view.zoom);
  const gridPosition = `${-(pixel.x % GRID_CELL)}px ${-(pixel.y % GRID_CELL)}px`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.map.title')}
      description={<p>{t('ui.map.instructions')}</p>}
      footer={
        <Button
          fullWidth
          loading={saving}
          onClick={() => onConfirm({ lat: round6(view.center.lat), lng: round6(view.center.lng) })}
        >
          {t('ui.map.confirm')}
        </Button>
      }
    >
      <div className="st-map">
        <div
          className={live ? 'st-map__area st-map__area--live' : 'st-map__area'}
          role="group"
          tabIndex={0}
          aria-label={t('ui.map.area', { latitude: lat, longitude: lng })}
          style={live ? undefined : { backgroundPosition: gridPosition }}
          onClick={onAreaClick}
          onKeyDown={onAreaKey}
        >
          <div ref={canvas} className="st-map__canvas" />
          <span className="st-map__pin">
            <Icon name="pin" size={36} />
          </span>
        </div>
        <div className="st-map__zoom">
          <IconButton icon="plus" label={t('ui.map.zoomIn')} variant="secondary" onClick={() => zoomBy(1)} />
          <IconButton
            icon="minus"
            label={t('ui.map.zoomOut')}
            variant="secondary"
            onClick={() => zoomBy(-1)}
          />
        </div>
        {tiles && tilesShown ? (
          <p className="st-map__attribution">
            {tiles.attributionUrl ? (
              <a href={tiles.attributionUrl} target="_blank" rel="noopener noreferrer">
                {tiles.attribution}
              </a>
            ) : (
              tiles.attribution
            )}
          </p>
        ) : null}
      </div>
      <div className="st-map__controls">
        <IconButton
          icon="back"
          className="st-map__up"
          label={t('ui.map.north')}
          variant="secondary"
          onClick={() => pan(0, -STEP_PX)}
        />
        <IconButton
          icon="back"
          className="st-map__left"
          label={t('ui.map.west')}
          variant="secondary"
          onClick={() => pan(-STEP_PX, 0)}
        />
        <IconButton
          icon="back"
          className="st-map__right"
          label={t('ui.map.east')}
          variant="secondary"
          onClick={() => pan(STEP_PX, 0)}
        />
        <IconButton
          icon="back"
          className="st-map__down"
          label={t('ui.map.south')}
          variant="secondary"
          onClick={() => pan(0, STEP_PX)}
        />
      </div>
      <p className="st-map__coordinates" aria-live="polite">
        {t('ui.map.coordinates', { latitude: lat, longitude: lng })}
      </p>
      <Button variant="ghost" onClick={() => setView((current) => ({ ...current, center: start }))}>
        {t('ui.map.recenter')}
      </Button>
    </Dialog>
  );
}
