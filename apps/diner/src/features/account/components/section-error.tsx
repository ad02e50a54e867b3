import { Banner } from '@santap/ui';
import { errorMessage } from '../../../lib/error-message';
import { useT } from '../../../lib/use-t';

/** One part of a page that could not be loaded, in words; the page's retry (offline banner) reloads it. */
export function SectionError({ error }: { error: unknown }) {
  const { t } = useT();
  return (
    <Banner tone="warning" title={t('account.sectionFailed')}>
      {errorMessage(error, t)}
    </Banner>
  );
}
