import { Banner } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import { errorText } from '@santap/web';

/** One part of a page that could not be loaded, in words; the page's retry (offline banner) reloads it. */
export function SectionError({ error }: { error: unknown }) {
  const { t } = useT();
  return (
    <Banner tone="warning" title={t('account.sectionFailed')}>
      {errorText(error, t)}
    </Banner>
  );
}
