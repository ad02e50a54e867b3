/**
 * Razer (Fiuu) for the e2e journeys: the API's loopback fake, written from Fiuu's docs
 * (apps/api's gateways/razer/fake.ts, through `@santap/api/testing`), with a payer who pays as soon as
 * Razer's page opens: the notification (`nbcb=2`) goes to the server, then the browser is returned to
 * the return URL by the page's auto-submitting form POST of the same signed fields, as Razer does.
 * What the server answered is in `deliveries`; any breach of the documented protocol in `violations`.
 */
import { startRazerFake as startFake } from '@santap/api/testing';
import type { RazerFake } from '@santap/api/testing';

export type { RazerFake };

export const RAZER_E2E_KEYS = {
  merchantId: 'santap_E2E',
  verifyKey: 'vk-santap-e2e-0001',
  secretKey: 'sk-santap-e2e-0001',
} as const;

export function startRazerFake(): Promise<RazerFake> {
  return startFake({ ...RAZER_E2E_KEYS, onPage: 'pay' });
}
