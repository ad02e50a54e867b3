import { useEffect, useState } from 'react';
import { account } from '@santap/api-client';
import { PHONE_PREFIXES } from '@santap/ui';
import type { PhoneCountry } from '@santap/ui';
import { api } from '../../../lib/api';
import { readContactDraft } from '../lib/form-state';
import type { ContactDraft } from '../lib/form-state';

/** The national part of an E.164 number under one of the product's prefixes ('+60123…' -> '123…'). */
function nationalOf(phone: string | null): { country: PhoneCountry; national: string } | undefined {
  if (!phone) return undefined;
  for (const [country, prefix] of Object.entries(PHONE_PREFIXES) as [PhoneCountry, string][]) {
    if (phone.startsWith(prefix)) return { country, national: phone.slice(prefix.length) };
  }
  return undefined;
}

const emptyDraft = (country: PhoneCountry): ContactDraft => ({
  name: '',
  email: '',
  phone: '',
  phoneCountry: country,
  specialRequest: '',
  occasion: undefined,
  occasionOther: '',
});

/**
 * The booking's contact details: the draft this tab kept (a guest sent to log in comes back to it),
 * else empty; a logged-in diner's own name, email and number fill an empty form on arrival.
 */
export function useContactDraft(scope: string, country: PhoneCountry, loggedIn: boolean) {
  const [draft, setDraft] = useState<ContactDraft>(() => readContactDraft(scope) ?? emptyDraft(country));

  const blank = draft.name === '' && draft.email === '' && draft.phone === '';
  useEffect(() => {
    if (!blank || !loggedIn) return undefined;
    let stale = false;
    api.call(account.userInfo, {}).then(
      ({ user }) => {
        if (stale) return;
        const phone = nationalOf(user.phone);
        setDraft((current) =>
          current.name || current.email || current.phone
            ? current
            : {
                ...current,
                name: user.name ?? '',
                email: user.email ?? '',
                phone: phone?.national ?? '',
                phoneCountry: phone?.country ?? current.phoneCountry,
              },
        );
      },
      () => undefined, // no prefill: the diner types them
    );
    return () => {
      stale = true;
    };
    // Only on arrival: a diner who clears the fields keeps them clear.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = (next: Partial<ContactDraft>) => setDraft((current) => ({ ...current, ...next }));
  return { draft, update };
}
