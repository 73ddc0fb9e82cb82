import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hashToken } from './tokens';
import { randomBytes } from 'node:crypto';

export interface InviteOptions {
  uses?: number;
  expiresInDays?: number | null;
  note?: string;
}

/** Creates a registration code and returns it in clear: the only time it is ever seen. */
export async function createRegistrationCode(db: Kysely<DB>, options: InviteOptions = {}): Promise<string> {
  const uses = options.uses ?? 1;
  if (!Number.isInteger(uses) || uses < 1 || uses > 10_000) throw new Error('uses must be a whole number from 1 to 10000');
  const code = generateCode('TOME');
  const expiresAt = options.expiresInDays == null ? null : new Date(Date.now() + options.expiresInDays * 24 * 3600 * 1000);
  await db
    .insertInto('registration_codes')
    .values({ code_hash: codeHash(code), uses_left: uses, expires_at: expiresAt, note: options.note ?? '' })
    .execute();
  return code;
}

/**
 * A code grouped for reading aloud or typing: PREFIX-XXXXX-XXXXX-XXXXX (about 75 bits). Both
 * administrators' registration codes (TOME-) and GMs' player invites (SEAT-) are made here.
 */
export function generateCode(prefix: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(15);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `${prefix}-${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}`;
}

export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** What is stored of a code: only its hash, so a database leak hands out no codes. */
export function codeHash(code: string): string {
  return hashToken(normaliseCode(code));
}

/** Uses up one use of a code inside the caller's transaction; false when unknown, used up or expired. */
export async function consumeRegistrationCode(db: Kysely<DB>, code: string): Promise<boolean> {
  const updated = await db
    .updateTable('registration_codes')
    .set((eb) => ({ uses_left: eb('uses_left', '-', 1) }))
    .where('code_hash', '=', codeHash(code))
    .where('uses_left', '>', 0)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
