import { prePublishCheck, prePublishLockKey } from '@app/protocol/calls/consignment-keys';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode, sdkPlayer, useTestApp, useTestClient } from '../helpers';

/**
 * The game's link to the key sale carries prePublishLockId, the lock the game holds the role
 * under: the page resolves it to its key, for the key's owner only (as getJyhKeyInfo).
 */
let owner: Awaited<ReturnType<typeof sdkPlayer>>;
let stranger: Awaited<ReturnType<typeof sdkPlayer>>;
let key: string;
let lockId: string;
const t = useTestApp();
const sdk = useTestClient(t, 'H5SDK');
const app = useTestClient(t, 'APP');
beforeAll(async () => {
  owner = await sdkPlayer(t, sdk, 'player2', '1374441');
  stranger = await sdkPlayer(t, sdk, 'player1', '1374442');
  const issued = (
    await t.app.inject({
      method: 'POST',
      url: '/demo-game/api/consignment-key',
      headers: { 'x-game-token': owner.info.gameToken },
    })
  ).json();
  expect(issued.ok).toBe(true);
  key = String(issued.data.key).replaceAll('-', '');
  const row = await t.db
    .selectFrom('consignment_keys')
    .select('pre_publish_lock_id')
    .where('jyh_key', '=', key)
    .executeTakeFirstOrThrow();
  lockId = row.pre_publish_lock_id;
});

describe('prePublishLockKey', () => {
  it("resolves the game's lock id to its key for the key's owner, whose key check then holds the role", async () => {
    expect(lockId).not.toBe(key);
    const mine = await app.call(prePublishLockKey, { prePublishLockId: lockId }, { token: owner.token });
    expectCode(mine, '200');
    expect(mine.data).toEqual({ key, applicationId: 'demo-legend' });
    const role = await app.call(prePublishCheck, { key: (mine.data as { key: string }).key }, { token: owner.token });
    expect(role.data).toMatchObject({ roleId: owner.info.roleId, prePublishLockId: lockId });
  });

  it("answers another's lock id exactly as an unknown one (31001), and nothing without a login", async () => {
    const theirs = await app.call(prePublishLockKey, { prePublishLockId: lockId }, { token: stranger.token });
    const unknown = await app.call(
      prePublishLockKey,
      { prePublishLockId: '00000000-0000-0000-0000-000000000000' },
      { token: stranger.token },
    );
    expectCode(theirs, '31001', '寄售码无效');
    expect(theirs).toEqual(unknown);
    // The key itself is not a lock id.
    expectCode(await app.call(prePublishLockKey, { prePublishLockId: key }, { token: owner.token }), '31001');
    expectCode(await app.call(prePublishLockKey, { prePublishLockId: lockId }), '50000');
    expectCode(
      await app.call(prePublishLockKey, { prePublishLockId: 'x'.repeat(65) }, { token: owner.token }),
      '10002',
    );
  });
});
