import {
  appVersionPayload,
  gameParams,
  gameSettingsPayload,
  grayListQuery,
  grayRemovePayload,
  grayUserParams,
  grayUserPayload,
  maintenancePayload,
} from '@app/protocol/ops-games';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpsDeps } from './ops.module';
import {
  addGrayAsStaff,
  appVersionGate,
  game,
  games,
  grayUsers,
  maintenanceNow,
  removeGrayAsStaff,
  setAppVersionAsStaff,
  setGameAsStaff,
  setMaintenanceAsStaff,
} from './ops-games';
import { ok, parse, staffOf } from './ops-http';

const access = { config: { access: 'games' as const } };

/** 游戏与规则 (运营, 管理员): thin routes over ops-games.ts. */
export function opsGameRoutes(ops: FastifyInstance, deps: Pick<OpsDeps, 'db'>): void {
  const { db } = deps;
  const acting = (request: FastifyRequest, reason: string) => ({ me: staffOf(request), reason, ip: request.ip });

  ops.get('/maintenance', access, async () => ok(await maintenanceNow(db)));
  ops.post('/maintenance', access, async (request) => {
    const { reason, ...next } = parse(maintenancePayload, request.body);
    return ok(await setMaintenanceAsStaff(db, acting(request, reason), next));
  });

  ops.get('/app-version', access, async () => ok(await appVersionGate(db)));
  ops.post('/app-version', access, async (request) => {
    const { minPreAppVersion, reason } = parse(appVersionPayload, request.body);
    return ok(await setAppVersionAsStaff(db, acting(request, reason), minPreAppVersion));
  });

  ops.get('/gray-users', access, async (request) => {
    const { page, pageSize } = parse(grayListQuery, request.query);
    return ok(await grayUsers(db, page, pageSize));
  });
  ops.post('/gray-users', access, async (request) => {
    const { uid, reason } = parse(grayUserPayload, request.body);
    return ok(await addGrayAsStaff(db, acting(request, reason), uid));
  });
  ops.post('/gray-users/:userId/remove', access, async (request) => {
    const { userId } = parse(grayUserParams, request.params);
    const { reason } = parse(grayRemovePayload, request.body);
    return ok(await removeGrayAsStaff(db, acting(request, reason), Number(userId)));
  });

  ops.get('/games', access, async () => ok({ list: await games(db) }));
  ops.get('/games/:gameId', access, async (request) => ok(await game(db, parse(gameParams, request.params).gameId)));
  ops.post('/games/:gameId', access, async (request) => {
    const { gameId } = parse(gameParams, request.params);
    const { reason, ...next } = parse(gameSettingsPayload, request.body);
    return ok(await setGameAsStaff(db, acting(request, reason), gameId, next));
  });
}
