import { describe, expect, it } from 'vitest';
import { findOrCreateUserByIdentity } from '../src/modules/user/user.service';
import { testDb, useTestApp } from './helpers';

const t = useTestApp();

describe(`the first sign-in of a game account (${testDb})`, () => {
  it('two at the same moment get the same one user, and the account one link', async () => {
    for (let round = 0; round < 5; round++) {
      const subject = `race-${round}-${Date.now()}`;
      const [a, b] = await Promise.all([
        findOrCreateUserByIdentity(t.db, 'game:demo-legend', subject, '并发玩家'),
        findOrCreateUserByIdentity(t.db, 'game:demo-legend', subject, '并发玩家'),
      ]);
      expect(b.id).toBe(a.id);
      const links = await t.db
        .selectFrom('user_identities')
        .select('user_id')
        .where('provider', '=', 'game:demo-legend')
        .where('subject', '=', subject)
        .execute();
      expect(links).toEqual([{ user_id: a.id }]);
      // No user left over without its account (the loser's insert was rolled back).
      const orphans = await t.db
        .selectFrom('users')
        .leftJoin('user_identities', 'user_identities.user_id', 'users.id')
        .select('users.id')
        .where('users.nickname', '=', '并发玩家')
        .where('user_identities.user_id', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
    }
  });

  it('an account whose user was removed signs in as a new user, and the link moves to it', async () => {
    const subject = `removed-${Date.now()}`;
    const first = await findOrCreateUserByIdentity(t.db, 'game:demo-legend', subject, null);
    await t.db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', first.id).execute();
    const again = await findOrCreateUserByIdentity(t.db, 'game:demo-legend', subject, null);
    expect(again.id).not.toBe(first.id);
    const link = await t.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
    expect(link.user_id).toBe(again.id);
  });
});
