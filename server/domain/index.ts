/**
 * Every domain area, as the Remix loaders and actions receive it through the load context.
 * (app/ imports server/ for types only, so the web build never carries a second copy of the
 * domain: the process has one.)
 */
export * as accounts from './accounts';
export * as usage from './usage/usage';
export * as campaigns from './campaigns/campaigns';
export * as ownership from './ownership';
export { DomainError, isDomainError } from './errors';
