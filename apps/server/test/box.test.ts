import {
  boxOrderPlace,
  boxOrderStatus,
  boxRoleList,
  boxServerList,
  checkBoxAccount,
  checkUser,
} from '@app/protocol/calls/box';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { identification } from '@app/protocol/calls/identity';
import { ListingStatus } from '@app/protocol/statuses/listing-status';
import { describe, expect, it } from 'vitest';
import { demoGameLogin, expectCode, idNumber, loginAs, useTestApp, useTestClient } from './helpers';

const t = useTestApp();
const app = useTestClient(t, 'APP');

/** A coin listing of a seller on a server (the order path does not care how it was listed). */
async function listing(serverId: string, masterServerId: string) {
  const seller = await loginAs(t, `1330000${serverId === 's1' ? '1111' : '2222'}`);
  const sellerId = (await t.db.selectFrom('users').select('id').where('uid', '=', seller.uid).executeTakeFirstOrThrow())
    .id;
  const row = await t.db
    .insertInto('commodities')
    .values({
      type: 2,
      title: '盒子金币',
      application_id: 'demo-legend',
      game_name: '传奇·演示',
      server_id: serverId,
      server_name: serverId,
      master_server_id: masterServerId,
      role_name: null,
      role_class_name: null,
      role_level: null,
      coin_type_name: '金币',
      coin_type: 2,
      coin_num: 10_000,
      first_img: '',
      price_fen: 2_000,
      sale_type: 0,
      auction_enable: 0,
      status: ListingStatus.ON_SALE,
      seller_user_id: sellerId,
      game_account_id: 'player3',
      game_role_id: 'r6',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

describe('the box flow', () => {
  it('shows the buyer’s servers and roles, checks a role can receive, and orders for it', async () => {
    const info = await demoGameLogin(t, 'buyer1');
    const sdk = await t.client('H5SDK');
    const { token } = (
      await sdk.call(gameTokenLogin, { gameId: info.gameId, gameToken: info.gameToken, serverId: info.serverId })
    ).data as { token: string };
    expect((await app.call(checkBoxAccount, { applicationId: 'demo-legend' }, { token })).data).toEqual({
      bound: true,
      accounts: ['buyer1'],
    });
    const servers = (await app.call(boxServerList, { applicationId: 'demo-legend' }, { token })).data as {
      list: Array<{ serverId: string; myRoles: number }>;
    };
    expect(servers.list.find((s) => s.serverId === 's1')?.myRoles).toBe(1);
    expect(
      (await app.call(boxRoleList, { applicationId: 'demo-legend', serverId: 's1' }, { token })).data,
    ).toMatchObject({
      list: [{ roleId: 'r8', roleName: '新手买家', accountId: 'buyer1' }],
    });

    const near = await listing('s1', 'm1');
    const far = await listing('s3', 'm2');
    expect((await app.call(checkUser, { commodityId: near, gameRoleId: 'r8' }, { token })).data).toEqual({
      ok: true,
      msg: '可以收货',
    });
    expect((await app.call(checkUser, { commodityId: far, gameRoleId: 'r8' }, { token })).data).toEqual({
      ok: false,
      msg: '该角色与商品不在同一主服，无法收货',
    });
    expectCode(
      await app.call(checkUser, { commodityId: near, gameRoleId: 'r1' }, { token }),
      '10002',
      '请选择您账号下的角色',
    );

    // A box buyer needs a real name and a bound phone like anyone (the phone straight in the table here).
    expectCode(
      await app.call(identification, { realName: '盒子', idCard: idNumber('19890909', '909') }, { token }),
      '200',
    );
    const link = await t.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('subject', '=', 'buyer1')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ mobile: '13300009090' }).where('id', '=', link.user_id).execute();
    const placed = await app.call(
      boxOrderPlace,
      { commodityId: near, requestKey: 'box-order-1', agreement: true, gameRoleId: 'r8' },
      { token },
    );
    expectCode(placed, '200');
    const order = placed.data as { orderId: string; deliverTo: unknown };
    expect(order.deliverTo).toEqual({ gameAccountId: 'buyer1', gameRoleId: 'r8' });
    expect((await app.call(boxOrderStatus, { orderId: order.orderId }, { token })).data).toMatchObject({
      status: 1,
      statusLabel: '待支付',
    });
  });
});
