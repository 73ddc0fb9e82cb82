import { DomainError } from '../errors';

/**
 * A rule of the accounts domain was broken. The spec's client mapping matches on substrings
 * of the message ('Invalid credentials', 'Account locked', 'not whitelisted', ...).
 */
export class AccountError extends DomainError {}
