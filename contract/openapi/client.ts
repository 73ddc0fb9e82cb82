import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api';

export type { components, operations, paths } from './api';

export type TomekeeperClient = Client<paths>;

/**
 * A typed client for the /api, for scripts: every path, parameter, body and answer typed from
 * contract/openapi/api.d.ts (generated from the server's own document by `npm run openapi`).
 *
 *   const api = tomekeeperClient('http://localhost:3000');
 *   const { data } = await api.POST('/api/auth/login', { body: { username, password } });
 *   const signedIn = tomekeeperClient('http://localhost:3000', data!.token);
 *   const { data: tomes } = await signedIn.GET('/api/datasets');
 */
export function tomekeeperClient(baseUrl: string, token?: string, fetch?: typeof globalThis.fetch): TomekeeperClient {
  return createClient<paths>({
    baseUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(fetch ? { fetch } : {}),
  });
}
