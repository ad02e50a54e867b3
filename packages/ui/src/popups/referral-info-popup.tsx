import { useState } from 'react';
import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { TextField } from '../components/fields';
import { Illustrated } from '../components/illustrated';

/** Props of {@link ReferralInfoPopup}. */
export interface ReferralInfoPopupProps {
  open: boolean;
  onClose: () => void;
  currency: Currency;
  /** The 'up to' discount a friend gets, in minor units (server-provided; spec leaves it open). */
  maxDiscount?: number;
  /** The diner's own code (logged in). */
  ownCode?: string;
  onCopy?: () => void;
  copied?: boolean;
  onShare?: () => void;
  /** Apply a friend's code. */
  onApplyCode?: (code: string) => void;
  applying?: boolean;
  appliedCode?: string;
  /** A refusal (`errors.referral*`). */
  error?: UiMessage;
}

/** How referrals work, the diner's own code to copy or share, and a field for a friend's code. */
export function ReferralInfoPopup({
  open,
  onClose,
  currency,
  maxDiscount,
  ownCode,
  onCopy,
  copied,
  onShare,
  onApplyCode,
  applying,
  appliedCode,
  error,
}: ReferralInfoPopupProps) {
  const { t, language } = useUiTranslation();
  const [code, setCode] = useState('');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.referral.title')}
      description={
        <Illustrated icon="gift">
          {maxDiscount
            ? t('ui.referral.body', { amount: formatMoney(maxDiscount, currency, language) })
            : t('ui.referral.bodyNoAmount')}
        </Illustrated>
      }
    >
      {ownCode ? (
        <div className="st-code-box">
          <span className="st-muted">{t('ui.referral.yourCode')}</span>
          <span className="st-code st-code--large">{ownCode}</span>
          <div className="st-row">
            {onCopy ? (
              <Button variant="secondary" icon={copied ? 'check' : 'copy'} onClick={onCopy}>
                {copied ? t('ui.common.copied') : t('ui.common.copy')}
              </Button>
            ) : null}
            {onShare ? (
              <Button variant="secondary" icon="share" onClick={onShare}>
                {t('ui.common.share')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {onApplyCode ? (
        appliedCode ? (
          <Banner tone="success">{t('ui.referral.applied', { code: appliedCode })}</Banner>
        ) : (
          <form
            className="st-inline-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (code.trim()) onApplyCode(code.trim().toUpperCase());
            }}
          >
            <TextField
              label={t('ui.referral.codeLabel')}
              hint={t('ui.referral.haveCode')}
              value={code}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              error={error ? messageText(t, error) : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" variant="secondary" loading={applying}>
              {t('ui.common.apply')}
            </Button>
          </form>
        )
      ) : null}
    </Dialog>
  );
}
