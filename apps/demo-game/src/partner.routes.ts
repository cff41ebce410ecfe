import { realNameHashes, sameRealName } from '@app/game-partner/partner-real-name';
import { receiptSignature } from '@app/game-partner/partner-signing';
import { partnerInput as input } from '@app/game-partner/partner-types';
import type { FastifyInstance } from 'fastify';
import { GameError } from './game-error';
import { accountInfo, coinBalances, itemList, roleSnapshot, roleSummary } from './partner.queries';
import { freeze, issueLoginTicket, reclaim, transfer, unfreeze, verifyToken } from './partner.service';
import { changeCall, type PartnerDispatch, partnerApi, readCall } from './partner-auth';
import type { Store } from './store';
import { findRole, isOnline } from './world';

/**
 * The game partner API (docs/game-partner-api.md), registered under `/partner/v1`: every request
 * signed by the partner's secret; changes idempotent by X-Request-Id and by listing id. The same
 * calls, checks included, answer `inProcess` (the embedding exchange's transport, no HTTP).
 */
export async function partnerRoutes(
  app: FastifyInstance,
  opts: { store: Store; secret: string; now: () => number; inProcess?: (dispatch: PartnerDispatch) => void },
): Promise<void> {
  const { store, now } = opts;
  const api = partnerApi({ secret: opts.secret, now, base: app.prefix });
  const w = () => store.read();

  api.add(
    '/token/verify',
    readCall(input.verifyToken, (i) => verifyToken(w(), i.gameToken, now())),
  );
  api.add(
    '/role/online',
    readCall(input.roleOnline, (i) => {
      const role = findRole(w(), i.roleId);
      return { roleId: role.id, online: isOnline(role, now()), lastHeartbeatAt: role.lastHeartbeatAt };
    }),
  );
  api.add(
    '/servers',
    readCall(input.servers, () => ({ servers: w().servers })),
  );
  api.add(
    '/account',
    readCall(input.account, (i) => accountInfo(w(), i.accountId)),
  );
  api.add(
    '/account/real-name',
    readCall(input.realName, (i) => {
      const account = w().accounts.find((a) => a.id === i.accountId);
      if (!account) throw new GameError('NOT_FOUND', '账号不存在');
      if (!account.realName) return { accountId: i.accountId, registration: 'none' as const };
      const ours = realNameHashes(opts.secret, account.realName);
      return {
        accountId: i.accountId,
        registration: sameRealName(ours, i) ? ('match' as const) : ('mismatch' as const),
      };
    }),
  );
  api.add(
    '/roles',
    readCall(input.roles, (i) => ({
      roles: w()
        .roles.filter((r) => r.accountId === i.accountId && (!i.serverId || r.serverId === i.serverId))
        .map((r) => roleSummary(r, now())),
    })),
  );
  api.add(
    '/role/snapshot',
    readCall(input.role, (i) => roleSnapshot(w(), i.roleId, now())),
  );
  api.add(
    '/coins',
    readCall(input.role, (i) => ({ roleId: i.roleId, coins: coinBalances(findRole(w(), i.roleId)) })),
  );
  api.add(
    '/items',
    readCall(input.role, (i) => itemList(w(), i.roleId)),
  );
  api.add(
    '/freeze',
    changeCall(store, now, input.freeze, (world, i) => freeze(world, i, now())),
  );
  api.add(
    '/unfreeze',
    changeCall(store, now, input.unfreeze, (world, i) => unfreeze(world, i)),
  );
  api.add(
    '/login-ticket',
    changeCall(store, now, input.loginTicket, (world, i) => issueLoginTicket(world, i, now())),
  );
  api.add(
    '/transfer',
    changeCall(store, now, input.transfer, (world, i) => {
      const result = transfer(world, i, now());
      return { ...result, signature: receiptSignature(opts.secret, result) };
    }),
  );
  api.add(
    '/reclaim',
    changeCall(store, now, input.reclaim, (world, i) => reclaim(world, i, now())),
  );

  // Served over HTTP as they were added; the raw body is what the signature covers.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  for (const path of api.paths())
    app.post(path, async (request, reply) => {
      const answer = await api.dispatch({
        method: request.method,
        path: request.url,
        headers: request.headers,
        body: typeof request.body === 'string' ? request.body : '',
      });
      return reply.status(answer.status).send(answer.body);
    });
  opts.inProcess?.(api.dispatch);
}
