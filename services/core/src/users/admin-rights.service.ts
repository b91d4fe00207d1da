import { AuditRepository } from '../audit/audit.repository';
import { inTransaction, type Database } from '../db/pool';
import { UsersRepository } from './users.repository';

export interface PromotedUser {
  id: number;
  username: string;
  email: string;
}

export type PromoteResult = { status: 'promoted'; user: PromotedUser } | { status: 'already_admin'; user: PromotedUser } | { status: 'not_found' };

/** Admin rights given from the command line: the API lets no one make the first admin. */
export class AdminRightsService {
  constructor(private readonly db: Database) {}

  /**
   * Makes the user whose email or username matches `identifier` (case-insensitive) an admin, and writes an audit
   * entry (actor: none, via the command line). Changes nothing for an unknown user or one who is already an admin.
   */
  async promote(identifier: string): Promise<PromoteResult> {
    const wanted = identifier.trim();
    if (!wanted) return { status: 'not_found' };
    return inTransaction(this.db, async (client) => {
      const users = new UsersRepository(client);
      // An email match wins when the value looks like an email, a username match otherwise.
      const found = await users.findByLogin(wanted, { preferEmail: wanted.includes('@'), forUpdate: true });
      if (!found) return { status: 'not_found' };
      const user: PromotedUser = { id: found.id, username: found.username, email: found.email };
      if (found.is_admin) return { status: 'already_admin', user };
      await users.setAdmin(found.id, true);
      await new AuditRepository(client).record({
        actorId: null,
        action: 'user.promoted',
        targetType: 'user',
        targetId: found.id,
        details: { via: 'cli', identifier: wanted },
      });
      return { status: 'promoted', user };
    });
  }
}
