import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api';

export type { components, operations, paths } from './api';

/** Answers typed as their JSON (a streamed answer's text/event-stream is read with fetch). */
export type TomekeeperClient = Client<paths, 'application/json'>;

/**
 * A typed client for the /api, for scripts: every path, parameter, body and answer typed from
 * contract/openapi/api.d.ts (generated from the server's own document by `npm run openapi`).
 *
 *   const api = tomekeeperClient('http://localhost:3000');
 *   const { data } = await api.POST('/api/auth/login', { body: { username, password } });
 *   const signedIn = tomekeeperClient('http://localhost:3000', data!.token);
 *   const { data: tomes } = await signedIn.GET('/api/datasets');
 *   const { data: page } = await signedIn.GET('/api/datasets', { params: { query: { limit: 50 } } });
 *   await signedIn.POST('/api/datasets/{id}/documents', {
 *     params: { path: { id } },
 *     body: { file: new File([bytes], 'notes.md') },
 *     bodySerializer: uploadBody,
 *   });
 */
export function tomekeeperClient(baseUrl: string, token?: string, fetch?: typeof globalThis.fetch): TomekeeperClient {
  return createClient<paths, 'application/json'>({
    baseUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(fetch ? { fetch } : {}),
  });
}

/** The multipart body of an upload: its `file` (a File keeps its name) as FormData. */
export function uploadBody(body: { file: Blob }): FormData {
  const form = new FormData();
  form.append('file', body.file);
  return form;
}
