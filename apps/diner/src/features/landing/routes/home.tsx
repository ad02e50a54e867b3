import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Banner, Button, LanguageButton, Page, Spinner, TextField } from '@santap/ui';
import { paths } from '../../../config/paths';
import type { RestaurantListEntry } from '../../../lib/api-types';
import { country } from '../../../lib/session';
import { useT } from '../../../lib/use-t';
import { FALLBACK_LOCATION, fetchNearby } from '../api/nearby';
import { RestaurantCard } from '../components/restaurant-card';
import { useGeolocation } from '../hooks/use-geolocation';
import '../landing.css';
import { errorText } from '@santap/web';

const SEARCH_DEBOUNCE_MS = 300;

interface ListState {
  items: RestaurantListEntry[];
  page: number;
  totalPages: number;
  loading: boolean;
  error?: unknown;
}

/**
 * Home (spec §2 /home): scan a table QR, or find a restaurant nearby. Nearby uses the browser's
 * location once the diner allows it; until then (or when it is off) the list is measured from the
 * capital of the host's country and says so. Paged by 10 with 'Show more'; the search box filters
 * by name on the server.
 */
export function Component() {
  const { t } = useT();
  const navigate = useNavigate();
  const { state: locationState, request: requestLocation } = useGeolocation();
  const location = locationState.status === 'granted' ? locationState.location : FALLBACK_LOCATION[country()];
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [retry, setRetry] = useState(0);
  const [list, setList] = useState<ListState>({ items: [], page: 0, totalPages: 0, loading: true });
  const [lng, lat] = location;

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(query);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => setPage(1), [lng, lat]);

  useEffect(() => {
    const controller = new AbortController();
    setList((current) => ({ ...current, loading: true, error: undefined }));
    fetchNearby({ location: [lng, lat], page, nameFilter: search, signal: controller.signal })
      .then((data) =>
        setList((current) => ({
          items: page === 1 ? data.nearby_restaurants : [...current.items, ...data.nearby_restaurants],
          page: data.page_no,
          totalPages: data.total_pages,
          loading: false,
        })),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setList((current) => ({ ...current, loading: false, error }));
      });
    return () => controller.abort();
  }, [lng, lat, page, search, retry]);

  return (
    <Page
      title={t('home.title')}
      headerEnd={
        <>
          <Link className="st-button st-button--ghost" to={paths.profileHome()}>
            {t('account.title')}
          </Link>
          <LanguageButton />
        </>
      }
    >
      <div className="dn-stack">
        <section className="dn-scan-card" aria-labelledby="home-scan-title">
          <h2 id="home-scan-title" className="dn-section-title">
            {t('home.scan.title')}
          </h2>
          <p className="dn-muted">{t('home.scan.body')}</p>
          <Button icon="qr" fullWidth onClick={() => navigate(paths.qr())}>
            {t('home.scan.action')}
          </Button>
        </section>

        <section aria-labelledby="home-nearby-title" className="dn-stack">
          <h2 id="home-nearby-title" className="dn-section-title">
            {t('home.nearby.title')}
          </h2>
          <TextField
            type="search"
            label={t('home.search.label')}
            placeholder={t('home.search.placeholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            enterKeyHint="search"
            autoComplete="off"
          />
          {locationState.status === 'denied' || locationState.status === 'unavailable' ? (
            <Banner tone="info" title={t('errors.locationPermissionOff')}>
              {t('home.location.fallback')}
            </Banner>
          ) : locationState.status !== 'granted' ? (
            <div className="dn-location-ask">
              <p className="dn-muted">{t('home.location.fallback')}</p>
              <Button
                variant="secondary"
                icon="pin"
                loading={locationState.status === 'asking'}
                onClick={requestLocation}
              >
                {t('home.location.use')}
              </Button>
            </div>
          ) : null}

          {list.error !== undefined ? (
            <Banner
              tone="error"
              action={
                <Button variant="secondary" onClick={() => setRetry((n) => n + 1)}>
                  {t('app.retry')}
                </Button>
              }
            >
              {errorText(list.error, t)}
            </Banner>
          ) : null}

          <ul className="dn-restaurants" aria-busy={list.loading || undefined}>
            {list.items.map((restaurant) => (
              <RestaurantCard key={restaurant.restaurant_id} restaurant={restaurant} />
            ))}
          </ul>
          {list.loading ? <Spinner /> : null}
          {!list.loading && list.error === undefined && list.items.length === 0 ? (
            <p className="dn-muted">
              {search ? t('home.search.none', { query: search }) : t('home.nearby.none')}
            </p>
          ) : null}
          {!list.loading && list.page < list.totalPages ? (
            <Button variant="secondary" fullWidth onClick={() => setPage(list.page + 1)}>
              {t('home.nearby.more')}
            </Button>
          ) : null}
        </section>
      </div>
    </Page>
  );
}
