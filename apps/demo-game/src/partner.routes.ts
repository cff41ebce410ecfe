import { receiptSignature } from '@app/game-partner/partner-signing';
import { partnerInput as input } from '@app/game-partner/partner-types';
import type { FastifyInstance } from 'fastify';
import { accountInfo, coinBalances, itemList, roleSnapshot, roleSummary } from './partner.queries';
import { freeze, issueLoginTicket, reclaim, transfer, unfreeze, verifyToken } from './partner.service';
import { changeCall, readCall, requireSignature } from './partner-auth';
import type { Store } from './store';
import { findRole, isOnline } from './world';

/**
 * The game partner API (docs/game-partner-api.md), registered under `/partner/v1`: every request
 * signed by the partner's secret; changes idempotent by X-Request-Id and by listing id.
 */
export async function partnerRoutes(
  app: FastifyInstance,
  opts: { store: Store; secret: string; now: () => number },
): Promise<void> {
  const { store, now } = opts;
  requireSignature(app, opts);
  const w = () => store.read();

  app.post(
    '/token/verify',
    readCall(input.verifyToken, (i) => verifyToken(w(), i.gameToken, now())),
  );
  app.post(
    '/role/online',
    readCall(input.roleOnline, (i) => {
      const role = findRole(w(), i.roleId);
      return { roleId: role.id, online: isOnline(role, now()), lastHeartbeatAt: role.lastHeartbeatAt };
    }),
  );
  app.post(
    '/servers',
    readCall(input.servers, () => ({ servers: w().servers })),
  );
  app.post(
    '/account',
    readCall(input.account, (i) => accountInfo(w(), i.accountId)),
  );
  app.post(
    '/roles',
    readCall(input.roles, (i) => ({
      roles: w()
        .roles.filter((r) => r.accountId === i.accountId && (!i.serverId || r.serverId === i.serverId))
        .map((r) => roleSummary(r, now())),
    })),
  );
  app.post(
    '/role/snapshot',
    readCall(input.role, (i) => roleSnapshot(w(), i.roleId, now())),
  );
  app.post(
    '/coins',
    readCall(input.role, (i) => ({ roleId: i.roleId, coins: coinBalances(findRole(w(), i.roleId)) })),
  );
  app.post(
    '/items',
    readCall(input.role, (i) => itemList(w(), i.roleId)),
  );
  app.post(
    '/freeze',
    changeCall(store, now, input.freeze, (world, i) => freeze(world, i, now())),
  );
  app.post(
    '/unfreeze',
    changeCall(store, now, input.unfreeze, (world, i) => unfreeze(world, i)),
  );
  app.post(
    '/login-ticket',
    changeCall(store, now, input.loginTicket, (world, i) => issueLoginTicket(world, i, now())),
  );
  app.post(
    '/transfer',
    changeCall(store, now, input.transfer, (world, i) => {
      const result = transfer(world, i, now());
      return { ...result, signature: receiptSignature(opts.secret, result) };
    }),
  );
  app.post(
    '/reclaim',
    changeCall(store, now, input.reclaim, (world, i) => reclaim(world, i, now())),
  );
}
