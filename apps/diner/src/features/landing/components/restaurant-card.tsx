import { Link } from 'react-router';
import { Badge } from '@santap/ui';
import { paths } from '../../../config/paths';
import type { RestaurantListEntry } from '../../../lib/api-types';
import { useT } from '../../../lib/use-t';

function distanceText(metres: number, t: ReturnType<typeof useT>['t']): string {
  if (metres < 1000) return t('home.distance.m', { distance: String(Math.round(metres)) });
  // Plain digits with one decimal; not Intl: `my` would be read as Burmese.
  return t('home.distance.km', { distance: (metres / 1000).toFixed(1) });
}

/** One nearby restaurant: a link to its menu with cuisine, distance, open now and halal. */
export function RestaurantCard({ restaurant }: { restaurant: RestaurantListEntry }) {
  const { t } = useT();
  return (
    <li className="dn-restaurant">
      <Link className="dn-restaurant__link" to={paths.menu(restaurant.nameid)}>
        <span className="dn-restaurant__name">{restaurant.name}</span>
        <span className="dn-restaurant__meta">
          {[restaurant.cuisine, distanceText(restaurant.distance, t)].filter(Boolean).join(' · ')}
        </span>
        {restaurant.address ? <span className="dn-restaurant__meta">{restaurant.address}</span> : null}
        <span className="dn-restaurant__flags">
          <span className={restaurant.is_open ? 'dn-open' : 'dn-closed'}>
            {restaurant.is_open ? t('home.openNow') : t('home.closedNow')}
          </span>
          {restaurant.halal ? <Badge kind="halal" /> : null}
        </span>
      </Link>
    </li>
  );
}
