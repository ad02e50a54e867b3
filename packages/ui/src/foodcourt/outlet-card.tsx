import type { MouseEvent } from 'react';
import { useId } from 'react';
import { Badge } from '../components/badge';
import { Icon } from '../components/icons';
import { cx } from '../components/cx';
import { ThumbPhoto } from '../components/photo';
import type { PhotoData } from '../components/photo';
import { useUiTranslation } from '../i18n/translation';
import type { UiTranslate } from '../i18n/translation';
import './foodcourt.css';

/** One outlet of a food court, as its card shows it (from `restaurants.mallRestaurants`). */
export interface OutletSummary {
  name: string;
  /** The outlet's cuisine slug ('nasi-lemak', 'mamak'); shown in words when the catalogue knows it. */
  cuisine: string | null;
  halal: boolean;
  /** Open now for ordering. */
  isOpen: boolean;
  /** The outlet's photo (`restaurants.mallRestaurants`); none: a drawn plate in its colour. */
  photo?: PhotoData | null;
}

export interface OutletCardProps {
  outlet: OutletSummary;
  /** The outlet's menu (a real link: open in a new tab, copy). */
  href: string;
  /** Client-side navigation to `href`; a plain click calls it instead of loading the page. */
  onNavigate: () => void;
  /** The cart is for delivery and this outlet does not deliver: 'Delivery Not Supported'. */
  noDelivery?: boolean;
  /** Items of this outlet in the cart. */
  inCart?: number;
  /** Among the first cards on screen: its photo loads at once (else lazily). */
  priority?: boolean;
  /** Prefix of the photo's URLs (the API's origin). */
  imageBaseUrl?: string;
}

const CUISINE_KEYS = {
  'nasi-lemak': 'fc.cuisine.nasiLemak',
  'chinese-hawker': 'fc.cuisine.chineseHawker',
  mamak: 'fc.cuisine.mamak',
  drinks: 'fc.cuisine.drinks',
  kopitiam: 'fc.cuisine.kopitiam',
  western: 'fc.cuisine.western',
  japanese: 'fc.cuisine.japanese',
  indonesian: 'fc.cuisine.indonesian',
  dessert: 'fc.cuisine.dessert',
} as const;

/**
 * A cuisine in words: the catalogue's name for the known ones, else the restaurant's own slug made
 * readable ('thai-street' -> 'thai street'): restaurant data, like its name, is not translated.
 */
export function cuisineText(cuisine: string, t: UiTranslate): string {
  const key = (CUISINE_KEYS as Readonly<Record<string, (typeof CUISINE_KEYS)[keyof typeof CUISINE_KEYS]>>)[
    cuisine
  ];
  return key ? t(key) : cuisine.replace(/-/g, ' ');
}

/** A plain left click without modifier keys: the app navigates itself; others keep the browser's. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * An outlet on the food court's page: its photo (or a drawn plate), its name (the link to its menu), cuisine, halal flag, open or
 * closed now (in words and an icon, never colour alone), what of it is in the cart, and 'Delivery
 * Not Supported' when the cart is for delivery and the outlet does not deliver.
 */
export function OutletCard({
  outlet,
  href,
  onNavigate,
  noDelivery = false,
  inCart = 0,
  priority = false,
  imageBaseUrl = '',
}: OutletCardProps) {
  const { t } = useUiTranslation();
  const statusId = useId();
  return (
    <li className={cx('st-outlet', !outlet.isOpen && 'st-outlet--closed')}>
      <ThumbPhoto
        className="st-outlet__photo"
        photo={outlet.photo}
        name={outlet.name}
        size={72}
        eager={priority}
        baseUrl={imageBaseUrl}
      />
      <a
        className="st-outlet__link"
        href={href}
        aria-describedby={statusId}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onNavigate();
        }}
      >
        <span className="st-outlet__name">{outlet.name}</span>
        {outlet.cuisine ? <span className="st-outlet__cuisine">{cuisineText(outlet.cuisine, t)}</span> : null}
      </a>
      <div className="st-outlet__facts" id={statusId}>
        <span className={cx('st-outlet__status', outlet.isOpen ? 'is-open' : 'is-closed')}>
          <Icon name={outlet.isOpen ? 'check' : 'clock'} size={16} />
          {outlet.isOpen ? t('fc.outlet.open') : t('fc.outlet.closed')}
        </span>
        {outlet.halal ? <Badge kind="halal" /> : null}
        {noDelivery ? (
          <span className="st-outlet__warning">
            <Icon name="warning" size={16} />
            {t('errors.deliveryNotSupported')}
          </span>
        ) : null}
        {inCart > 0 ? (
          <span className="st-outlet__in-cart">{t('fc.outlet.inCart', { count: inCart })}</span>
        ) : null}
      </div>
    </li>
  );
}
