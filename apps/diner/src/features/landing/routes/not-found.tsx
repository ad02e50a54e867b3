import { useNavigate } from 'react-router';
import { Button, LanguageButton, Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';

/** The catch-all route: a page that does not exist, with the way home and to the scanner. */
export function Component() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Page title={t('app.notFound.title')} headerEnd={<LanguageButton />}>
      <div className="st-centered">
        <p>{t('app.notFound.body')}</p>
        <div className="dn-actions">
          <Button onClick={() => navigate(paths.home())}>{t('app.goHome')}</Button>
          <Button variant="secondary" icon="qr" onClick={() => navigate(paths.qr())}>
            {t('home.scan.action')}
          </Button>
        </div>
      </div>
    </Page>
  );
}
