import type { ReactNode } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';

/** What a guest is told in an offer popup that needs an account (coupons, loyalty), with Log in. */
export function LoginHint({
  onLogin,
  children,
}: {
  onLogin?: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useUiTranslation();
  return (
    <Banner
      tone="info"
      action={
        onLogin ? (
          <Button variant="secondary" onClick={onLogin}>
            {t('ui.common.login')}
          </Button>
        ) : undefined
      }
    >
      {children}
    </Banner>
  );
}
