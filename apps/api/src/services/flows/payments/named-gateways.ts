/**
 * Payments area: the gateways each restaurant and food court names (`settings.paymentProviders`,
 * restaurant data, spec §9) against the gateways this server has keys for. A place naming a gateway
 * without keys would offer its diners a way to pay that no gateway here takes. A production server
 * refuses to start with one (the message names each place and gateway); the demo starts, says so in
 * its log, and offers those places only what a configured gateway (the simulator, where they name
 * it) takes. apps/api/docs/payments.md, Configuration.
 */
import type { DbOrTx } from '../../../db/client';
import { malls, restaurants } from '../../../db/schema';
import type { Translated } from '../../../db/schema';
import { restaurantSettingsSchema } from '../../../db/settings';
import type { ProviderName } from '../../adapters/payments/provider';
import { isGatewayName, providerLabel } from '../../adapters/payments/registry';

export interface UnkeyedGateway {
  kind: 'restaurant' | 'food court';
  id: number;
  name: string;
  /** What the place's settings name. */
  gateway: string;
  /**
   * What is missing: the gateway's keys (absent), or the place's contact, which Razer requires of
   * every payer (`bill_email`, `bill_mobile`) and which stands in for a guest who gave none.
   */
  missing?: 'contact';
}

const nameOf = (name: Translated | null | undefined) => name?.en || Object.values(name ?? {})[0] || '';

/** Every (place, gateway) where the place names a provider that is not among `configured`. */
export async function unkeyedGateways(
  db: DbOrTx,
  configured: readonly ProviderName[],
): Promise<UnkeyedGateway[]> {
  const places = [
    ...(
      await db
        .select({ id: restaurants.id, name: restaurants.name, settings: restaurants.settings })
        .from(restaurants)
        .orderBy(restaurants.id)
    ).map((row) => ({ ...row, kind: 'restaurant' as const })),
    ...(
      await db
        .select({ id: malls.id, name: malls.name, settings: malls.settings })
        .from(malls)
        .orderBy(malls.id)
    ).map((row) => ({ ...row, kind: 'food court' as const })),
  ];
  const gaps: UnkeyedGateway[] = [];
  for (const place of places) {
    const parsed = restaurantSettingsSchema.safeParse(place.settings);
    // Settings that do not parse are refused where they are read; nothing to say about gateways here.
    if (!parsed.success) continue;
    for (const gateway of parsed.data.paymentProviders) {
      if (!configured.includes(gateway as ProviderName)) {
        gaps.push({ kind: place.kind, id: place.id, name: nameOf(place.name), gateway });
      } else if (gateway === 'razer' && !(parsed.data.contact?.email && parsed.data.contact.phone)) {
        gaps.push({ kind: place.kind, id: place.id, name: nameOf(place.name), gateway, missing: 'contact' });
      }
    }
  }
  return gaps;
}

/** One line per gap: the place, the gateway, and what to do. */
export function describeUnkeyedGateway(gap: UnkeyedGateway): string {
  const place = `${gap.kind} "${gap.name}" (id ${gap.id})`;
  if (gap.missing === 'contact') {
    return `${place} takes Razer payments but has no contact email and phone in its settings: Razer refuses a payer without them, and a guest who gave none pays with the place's (settings.contact)`;
  }
  if (gap.gateway === 'simulator') {
    return `${place} names the simulator, which is off on this server: name a real gateway in its payment settings`;
  }
  if (!isGatewayName(gap.gateway)) {
    return `${place} names "${gap.gateway}", which is not a gateway this server knows: fix its payment settings`;
  }
  return (
    `${place} names ${providerLabel(gap.gateway)} (${gap.gateway}), which has no keys on this server: ` +
    `set its keys (apps/api/src/services/adapters/payments/gateways/${gap.gateway}/README.md) or remove it ` +
    `from the place's payment settings`
  );
}

/** The start-up refusal of a production server (an Error whose message lists every gap). */
export function unkeyedGatewaysError(gaps: readonly UnkeyedGateway[]): Error {
  return new Error(
    `Refusing to start: ${gaps.length === 1 ? 'a place names a gateway' : 'places name gateways'} this server ` +
      `cannot use:\n${gaps.map((gap) => `- ${describeUnkeyedGateway(gap)}`).join('\n')}`,
  );
}
