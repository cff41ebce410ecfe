import type { GameGateway } from '../src/modules/games/game-gateway';
import type { PayGateway } from '../src/modules/payments/pay-gateway';

/** The game side of a simulation: every account has one online role on server s1, named after it. */
export function simRoles(): Pick<GameGateway, 'roles'> {
  return {
    roles: async (_g: string, accountId: string) => ({
      roles: [
        {
          id: `role-${accountId}`,
          accountId,
          serverId: 's1',
          name: '模拟',
          roleClass: '战士',
          jobId: 1,
          level: 50,
          power: 1,
          createdAt: 0,
          recharge: 0,
          online: true,
          locked: false,
        },
      ],
    }),
  } as Pick<GameGateway, 'roles'>;
}

/** A third-party gateway of a simulation: it opens a cashier and never notifies by itself (the simulation does). */
export function simPayGateway(name: string): PayGateway {
  return {
    name,
    create: async (i) => ({ payUrl: `/${name}/${i.tradeNo}`, qrCode: null }),
    verify: async () => null,
    ack: (ok) => ({ status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' }),
  };
}
