/** Shared steps of the account tests, through the real client where a diner would. */
import { auth, payments } from '@santap/contract';
import type { TestServer } from './harness';
import type { Client } from './journeys';
import { placeOnlineOrder } from './journeys';

/** A guest session (status GUEST) and a client carrying it. */
export async function guest(server: TestServer) {
  const session = await server.client().call(auth.registerGuest, {});
  return { session, client: server.client({ authToken: session.token }) };
}

/** The 6-digit code of the newest OTP message the dev inbox kept for `phone`. */
export async function latestOtp(client: Client, phone: string): Promise<string> {
  const { messages } = await client.call(auth.devInbox, { query: { recipient: phone } });
  const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no OTP in the dev inbox for ${phone}`);
  return code;
}

/** 'YYYY-MM-DD' of someone who is `age` today in Kuala Lumpur (by the server's clock). */
export function birthDateOfAge(server: TestServer, age: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
    server.clock.now(),
  );
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year - age, month - 1, day)).toISOString().slice(0, 10);
}

/** Haversine distance in metres (the same formula the server runs in SQL), to check its answer. */
export function haversineMetres(a: [number, number], b: [number, number]): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const [lngA, latA] = a;
  const [lngB, latB] = b;
  const h =
    Math.sin(rad(latB - latA) / 2) ** 2 +
    Math.cos(rad(latA)) * Math.cos(rad(latB)) * Math.sin(rad(lngB - lngA) / 2) ** 2;
  return 6371000 * 2 * Math.asin(Math.sqrt(h));
}

/** An online dine-in order at kopitiam-ali paid through the simulator's hosted page (success). */
export async function paidOrder(server: TestServer, client: Client) {
  const placed = await placeOnlineOrder(client);
  const started = await client.call(payments.paymentInitiate, {
    body: { order_id: placed.order_id, method: 'Wallet', channel: 'grab_pay_app' },
  });
  await fetch(
    `${server.baseUrl}${new URL(started.redirect_url!).pathname}${new URL(started.redirect_url!).search}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'grab_pay_app', outcome: 'success' }).toString(),
      redirect: 'manual',
    },
  );
  return { orderId: placed.order_id, paymentId: started.payment_id, amount: placed.amount };
}
