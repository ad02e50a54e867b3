import { marketingSiteFor } from '@santap/domain';
import { env } from '../../../config/env';
import { useT } from '../../../lib/use-t';

/**
 * The marketing site for a time zone (spec §2): Jakarta, Pontianak, Makassar and Jayapura go to the
 * Indonesian site, every other zone (and an unknown one) to the global site. URLs come from the env.
 */
export function marketingUrlFor(timeZone: string | undefined): string {
  return marketingSiteFor(timeZone ?? '') === 'id'
    ? env.VITE_MARKETING_URL_ID
    : env.VITE_MARKETING_URL_GLOBAL;
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** `/` leaves the app for the marketing site before anything renders (replace: Back skips `/`). */
export function loader() {
  window.location.replace(marketingUrlFor(browserTimeZone()));
  return null;
}

/** Shown for the moment the browser takes to leave, with a link in case it does not. */
export function Component() {
  const { t } = useT();
  const url = marketingUrlFor(browserTimeZone());
  return (
    <main className="st-centered">
      <p>{t('app.redirecting')}</p>
      <a href={url}>{url}</a>
    </main>
  );
}
