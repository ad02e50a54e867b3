import type { TranslationKey } from '@santap/i18n';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { LoadingStack, Skeleton } from '../components/spinner';

/** A saved delivery address as the list shows it (spec §3: apartment or house number, landmark, city). */
export interface SavedAddress {
  id: number;
  /** 'home', 'work', 'other' (shown in the diner's language) or the diner's own word. */
  label: string;
  apartment: string;
  street?: string | null;
  landmark?: string | null;
  city: string;
  postcode?: string | null;
  isDefault: boolean;
}

/** Props of {@link AddressList}. */
export interface AddressListProps {
  /** `undefined` while loading. */
  addresses: readonly SavedAddress[] | undefined;
  onSetDefault: (id: number) => void;
  onDelete: (id: number) => void;
  /** The address a change is being saved for (its buttons show the spinner). */
  busyId?: number;
  error?: UiMessage;
}

const LABEL_KEY: Readonly<Record<string, TranslationKey>> = {
  home: 'account.address.labelHome',
  work: 'account.address.labelWork',
  other: 'account.address.labelOther',
};

/**
 * The diner's saved addresses, the default first: each with its lines, 'Default' in words, and
 * buttons to make it the default or delete it (each button names its address for screen readers).
 */
export function AddressList({ addresses, onSetDefault, onDelete, busyId, error }: AddressListProps) {
  const { t } = useUiTranslation();
  return (
    <div className="st-stack">
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      {addresses === undefined ? (
        <LoadingStack>
          <Skeleton height="88px" />
          <Skeleton height="88px" />
        </LoadingStack>
      ) : addresses.length === 0 ? (
        <p className="st-muted">{t('account.address.empty')}</p>
      ) : (
        <ul className="st-cards">
          {addresses.map((address) => {
            const label = LABEL_KEY[address.label] ? t(LABEL_KEY[address.label]!) : address.label;
            const line = [address.apartment, address.street].filter(Boolean).join(', ');
            const place = [address.postcode, address.city].filter(Boolean).join(' ');
            const busy = busyId === address.id;
            return (
              <li key={address.id} className="st-card">
                <Icon name="pin" size={24} />
                <div className="st-card__body">
                  <p className="st-strong">
                    {label}
                    {address.isDefault ? (
                      <span className="st-muted"> · {t('account.address.default')}</span>
                    ) : null}
                  </p>
                  <p>{line}</p>
                  {address.landmark ? (
                    <p className="st-muted">{t('account.address.near', { landmark: address.landmark })}</p>
                  ) : null}
                  <p>{place}</p>
                  <div className="st-row">
                    {!address.isDefault ? (
                      <Button
                        variant="secondary"
                        loading={busy}
                        aria-label={t('account.address.setDefaultFor', { address: `${label}, ${line}` })}
                        onClick={() => onSetDefault(address.id)}
                      >
                        {t('account.address.setDefault')}
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      disabled={busy}
                      aria-label={t('account.address.deleteFor', { address: `${label}, ${line}` })}
                      onClick={() => onDelete(address.id)}
                    >
                      {t('account.address.delete')}
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
