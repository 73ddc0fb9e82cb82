import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts a fake provider's server on a free local port and says which. */
export function listenOnFreePort(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}
