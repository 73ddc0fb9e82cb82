import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { listAccounts, setAccountDisabled, setMonthlyBudget } from '../domain/accounts/accounts';
import { createPasswordResetCode } from '../domain/accounts/password-recovery';
import { createRegistrationCode } from '../domain/accounts/registration-codes';
import { adminRevokeInvites, listGmInvites, playerInviteLimitOf, setPlayerInviteLimit } from '../domain/seats/admin';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  invite [--uses N] [--expires-days D] [--note TEXT]   create a registration code (printed last)
  users                                              list accounts
  disable USER | enable USER                         take an account off / back on the whitelist
  budget USER AMOUNT|default                         set a monthly AI budget in USD
  player-invites [USER]                              list GMs' player invites (all, or one GM's)
  player-invite-limit USER N|default                 cap a GM's open player invites (0: none)
  revoke-player-invite ID | --user USER              revoke one player invite, or all of a GM's
  reset-password USER                                print a one-time link to set a new password (valid one hour)
  backup FILE                                        write a consistent backup of the whole instance
  restore FILE                                       restore a backup into an empty DATA_DIR or DATABASE_URL database`;

export { adminCommandSchema } from '../../contract/api/admin';

/** Runs one admin command against a database and returns the lines to print. */
export async function runAdminCommand(db: Kysely<DB>, command: string, args: string[]): Promise<string[]> {
  switch (command) {
    case 'invite': {
      const uses = Number(option(args, '--uses') ?? '1');
      const days = option(args, '--expires-days');
      const code = await createRegistrationCode(db, {
        uses,
        expiresInDays: days === undefined ? 14 : days === 'never' ? null : Number(days),
        note: option(args, '--note') ?? '',
      });
      const expiry = days === 'never' ? 'never expires' : `expires in ${days ?? 14} days`;
      return [`Registration code for ${uses} account${uses === 1 ? '' : 's'} (${expiry}):`, code];
    }
    case 'users': {
      const users = await listAccounts(db);
      if (users.length === 0) return ['No accounts yet.'];
      return users.map(
        (u) =>
          `${u.username.padEnd(24)} ${u.email.padEnd(32)} ${u.disabled ? 'disabled' : 'active  '} budget ${
            u.monthly_budget_usd === null ? 'default' : `$${u.monthly_budget_usd.toFixed(2)}`
          }  since ${u.created_at.toISOString().slice(0, 10)}`,
      );
    }
    case 'disable':
    case 'enable': {
      const username = args[0];
      if (!username) throw new Error(`Usage: npm run admin -- ${command} USER`);
      await setAccountDisabled(db, username, command === 'disable');
      return [command === 'disable' ? `${username} is disabled; its sessions have ended.` : `${username} is enabled.`];
    }
    case 'budget': {
      const [username, amount] = args;
      if (!username || !amount) throw new Error('Usage: npm run admin -- budget USER AMOUNT|default');
      const value = amount === 'default' ? null : Number(amount);
      await setMonthlyBudget(db, username, value);
      return [`${username}'s monthly budget is ${value === null ? 'the default' : `$${value.toFixed(2)}`}.`];
    }
    case 'player-invites': {
      const invites = await listGmInvites(db, args[0]);
      if (invites.length === 0) return ['No player invites.'];
      return invites.map(
        (i) =>
          `${i.id}  ${i.gm_username.padEnd(20)} ${i.campaign_name.slice(0, 28).padEnd(28)} ${i.status.padEnd(11)} ${i.uses}/${i.max_uses} used  ${
            i.expires_at ? `expires ${i.expires_at.slice(0, 10)}` : 'never expires'
          }${i.note ? `  ${i.note}` : ''}`,
      );
    }
    case 'player-invite-limit': {
      const [username, amount] = args;
      if (!username || !amount) throw new Error('Usage: npm run admin -- player-invite-limit USER N|default');
      const limit = amount === 'default' ? null : Number(amount);
      await setPlayerInviteLimit(db, username, limit);
      return [
        `${username} may hold ${playerInviteLimitOf(limit)} open player invite${playerInviteLimitOf(limit) === 1 ? '' : 's'}${limit === null ? ' (the default)' : ''}.`,
      ];
    }
    case 'revoke-player-invite': {
      const user = option(args, '--user');
      if (!user && !args[0]) throw new Error('Usage: npm run admin -- revoke-player-invite ID | --user USER');
      const count = await adminRevokeInvites(db, user ? { username: user } : { inviteId: args[0]! });
      return [`Revoked ${count} player invite${count === 1 ? '' : 's'}.`];
    }
    case 'reset-password': {
      const username = args[0];
      if (!username) throw new Error('Usage: npm run admin -- reset-password USER');
      const code = await createPasswordResetCode(db, username);
      return [`One-time link for ${username} to set a new password on this server (valid one hour; their sessions end when it is used):`, `/reset/${code}`];
    }
    default:
      throw new Error(ADMIN_USAGE);
  }
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}
