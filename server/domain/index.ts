/**
 * Every domain area, as the Remix loaders and actions receive it through the load context.
 * (app/ imports server/ for types only, so the web build never carries a second copy of the
 * domain: the process has one.)
 */
export * as accounts from './accounts';
export * as usage from './usage/usage';
export * as campaignBudget from './usage/campaign-budget';
export * as seats from './seats';
export * as campaigns from './campaigns/campaigns';
export * as timeline from './timeline/timeline';
export * as calendars from './timeline/calendar';
export * as proposals from './timeline/proposals/proposals';
export * as tomes from './tomes';
export * as ownership from './ownership';
export * as chat from './chat';
export * as content from './content';
export * as conceptMap from './concept-map';
export * as transfer from './transfer';
export { DomainError, isDomainError } from './errors';
export * as sessions from './sessions/sessions';
