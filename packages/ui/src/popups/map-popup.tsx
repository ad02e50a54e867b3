import { useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { intlLocale } from '@santap/domain';
import { useUiTranslation } from '../i18n/use-ui-translation';
import { Button, IconButton } from '../components/button';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icons';

/** A point in WGS 84 degrees. */
export interface Coordinates {
  lat: number;
  lng: number;
}

/** Props of {@link MapPopup}. */
export interface MapPopupProps {
  open: boolean;
  onClose: () => void;
  /** The middle of the picker: the geolocated point, or the restaurant. */
  center: Coordinates;
  /** Where the pin starts (defaults to `center`). */
  initial?: Coordinates;
  onConfirm: (point: Coordinates) => void;
  /** Degrees of latitude/longitude from the centre to each edge (default 0.005, about 550 m). */
  spanDegrees?: number;
  saving?: boolean;
}

const STEPS = 20;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A coordinate picker that needs no map service and no network (no tiles, no API key, nothing
 * called at run time): a square area around `center` with a grid, where the diner taps to place the
 * pin or nudges it with the arrow keys (on the area) or the four arrow buttons; the coordinates are
 * shown as text. The app may put its own map image behind it later (`.st-map__area`
 * background); the picking stays the same.
 */
export function MapPopup({
  open,
  onClose,
  center,
  initial,
  onConfirm,
  spanDegrees = 0.005,
  saving,
}: MapPopupProps) {
  const { t, language } = useUiTranslation();
  const [point, setPoint] = useState<Coordinates>(initial ?? center);
  const step = spanDegrees / (STEPS / 2);
  const clamp = (value: number, middle: number) =>
    Math.min(middle + spanDegrees, Math.max(middle - spanDegrees, value));
  const move = (dLat: number, dLng: number) =>
    setPoint((current) => ({
      lat: round6(clamp(current.lat + dLat, center.lat)),
      lng: round6(clamp(current.lng + dLng, center.lng)),
    }));

  // Position of the pin in the square, in percent from the top-left corner (north up).
  const left = ((point.lng - (center.lng - spanDegrees)) / (2 * spanDegrees)) * 100;
  const top = ((center.lat + spanDegrees - point.lat) / (2 * spanDegrees)) * 100;

  const format = new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: 5,
    maximumFractionDigits: 5,
  });
  const lat = format.format(point.lat);
  const lng = format.format(point.lng);

  const onAreaClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    setPoint({
      lat: round6(clamp(center.lat + spanDegrees - y * 2 * spanDegrees, center.lat)),
      lng: round6(clamp(center.lng - spanDegrees + x * 2 * spanDegrees, center.lng)),
    });
  };

  const onAreaKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [step, 0],
      ArrowDown: [-step, 0],
      ArrowLeft: [0, -step],
      ArrowRight: [0, step],
    };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    move(delta[0], delta[1]);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.map.title')}
      description={<p>{t('ui.map.instructions')}</p>}
      footer={
        <Button fullWidth loading={saving} onClick={() => onConfirm(point)}>
          {t('ui.map.confirm')}
        </Button>
      }
    >
      <div
        className="st-map__area"
        role="group"
        tabIndex={0}
        aria-label={t('ui.map.area', { latitude: lat, longitude: lng })}
        onClick={onAreaClick}
        onKeyDown={onAreaKey}
      >
        <span className="st-map__pin" style={{ left: `${left}%`, top: `${top}%` }}>
          <Icon name="pin" size={36} />
        </span>
      </div>
      <div className="st-map__controls">
        <IconButton
          icon="back"
          className="st-map__up"
          label={t('ui.map.north')}
          variant="secondary"
          onClick={() => move(step, 0)}
        />
        <IconButton
          icon="back"
          className="st-map__left"
          label={t('ui.map.west')}
          variant="secondary"
          onClick={() => move(0, -step)}
        />
        <IconButton
          icon="back"
          className="st-map__right"
          label={t('ui.map.east')}
          variant="secondary"
          onClick={() => move(0, step)}
        />
        <IconButton
          icon="back"
          className="st-map__down"
          label={t('ui.map.south')}
          variant="secondary"
          onClick={() => move(-step, 0)}
        />
      </div>
      <p className="st-map__coordinates" aria-live="polite">
        {t('ui.map.coordinates', { latitude: lat, longitude: lng })}
      </p>
      <Button variant="ghost" onClick={() => setPoint(initial ?? center)}>
        {t('ui.map.recenter')}
      </Button>
    </Dialog>
  );
}
