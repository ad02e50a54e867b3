import { Banner, LanguageButton, Page, useUiTranslation } from '@santap/ui';

/** A path no page answers (`/fc` without a food court, a mistyped link). */
export function Component() {
  const { t } = useUiTranslation();
  return (
    <Page title={t('fc.title')} headerEnd={<LanguageButton />}>
      <Banner tone="error">{t('errors.notFound')}</Banner>
    </Page>
  );
}
