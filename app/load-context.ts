import type { SessionUser } from '../server/domain/accounts/sessions';
import type * as Domain from '../server/domain';
import type { Logger } from '../server/log';
import type { Services } from '../server/services';

/** What every loader and action receives from the Fastify server. */
declare module '@remix-run/server-runtime' {
  interface AppLoadContext {
    services: Services;
    /** The domain layer: loaders and actions call it; they never import it. */
    domain: typeof Domain;
    user: SessionUser | null;
    sessionToken: string | null;
    /** A login session, or a personal API token (which may not manage tokens). */
    authMethod: 'session' | 'api-token' | null;
    clientIp: string;
    /** The request's logger (pino): its lines carry the request id. */
    log: Logger;
  }
}

export type { AppLoadContext } from '@remix-run/server-runtime';
