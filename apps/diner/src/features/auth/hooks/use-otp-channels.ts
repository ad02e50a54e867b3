import { useEffect, useState } from 'react';
import { auth } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { api } from '../../../lib/api';

export type OtpChannel = EndpointData<typeof auth.otpChannels>['channels'][number];

/** Both channels: what the page offers when it cannot ask the server (the send still says what fails). */
const BOTH: readonly OtpChannel[] = ['whatsapp', 'sms'];

/**
 * The channels this server sends codes by (`auth.otpChannels`): `undefined` while asking, an empty
 * list when login by mobile number is off here. A failed ask offers both rather than none.
 */
export function useOtpChannels(): readonly OtpChannel[] | undefined {
  const [channels, setChannels] = useState<readonly OtpChannel[]>();
  useEffect(() => {
    const controller = new AbortController();
    api.call(auth.otpChannels, {}, { signal: controller.signal }).then(
      (reply) => setChannels(reply.channels),
      () => {
        if (!controller.signal.aborted) setChannels(BOTH);
      },
    );
    return () => controller.abort();
  }, []);
  return channels;
}
