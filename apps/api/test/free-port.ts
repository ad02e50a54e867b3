import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback port nobody listens on right now (the benches, the chaos harness and the e2e start servers on one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
