import type { User } from '@zaytoon/contract';
import type { UserRow } from './users.repository';

/** The user as they see themself (with email); never the hash or reset data. */
export function toSelfUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    picture: row.picture,
    is_admin: row.is_admin,
    language: row.language,
    totp_enabled: row.totp_enabled,

    email_confirmed: row.email_confirmed_at !== null,
  };
}
