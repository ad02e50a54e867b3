import { useEffect, useState } from 'react';
import { auth } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { api } from '../../../lib/api';

export type OtpDelivery = EndpointData<typeof auth.otpStatus>;

/** How often the page asks what became of its code, and for how long at most. */
export const OTP_STATUS_POLL_MS = 4_000;
export const OTP_STATUS_POLL_FOR_MS = 5 * 60_000;

/**
 * What became of the code the page sent (`auth.otpStatus` with the send reply's `status_token`),
 * asked every {@link OTP_STATUS_POLL_MS} until it is final — delivered, read, failed — or the code's
 * life is over: so the page can say that WhatsApp could not deliver it and the server sent it by SMS,
 * or that it could not be delivered at all. A failed ask is skipped (the next one may answer);
 * `undefined` until the first answer.
 */
export function useOtpDelivery(statusToken: string | undefined): OtpDelivery | undefined {
  const [delivery, setDelivery] = useState<{ token: string; reply: OtpDelivery }>();
  useEffect(() => {
    if (!statusToken) return undefined;
    const controller = new AbortController();
    const until = Date.now() + OTP_STATUS_POLL_FOR_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      let final = false;
      try {
        const reply = await api.call(
          auth.otpStatus,
          { query: { token: statusToken } },
          { signal: controller.signal },
        );
        setDelivery({ token: statusToken, reply });
        // An SMS that replaced a WhatsApp code may still fail: keep asking until it is final too.
        final = reply.status !== 'sent';
      } catch {
        // Offline for a moment, or the call is refused: ask again later.
      }
      if (!final && !controller.signal.aborted && Date.now() < until)
        timer = setTimeout(() => void ask(), OTP_STATUS_POLL_MS);
    };
    timer = setTimeout(() => void ask(), OTP_STATUS_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [statusToken]);
  return delivery && delivery.token === statusToken ? delivery.reply : undefined;
}
