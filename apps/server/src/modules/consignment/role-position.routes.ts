import { checkRolePosition } from '@app/protocol/calls/consignment';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import type { GameGateway } from '../games/game-gateway';

/** What the seller should do before asking the game for a consignment key, or that they may. */
export function rolePositionMessage(role: { online: boolean; inSafeZone: boolean; locked: boolean }): string {
  if (!role.online) return '角色已掉线，请重新登录游戏再次尝试';
  if (!role.inSafeZone) return '角色不在安全区，请回到安全区后再获取寄售码';
  if (role.locked) return '角色正在寄售或已被寄售码锁定，请先取回或等待寄售码失效';
  return '角色在安全区，可在游戏内获取寄售码';
}

/**
 * 角色位置 (h5sdk): the game's own word on the token's role (partner API role/snapshot `safeZone`,
 * roles `locked`), the same rule the game applies when it issues a key (docs/game-partner-api.md).
 */
export function rolePositionRoutes(app: FastifyInstance, platform: CallPlatform, gateway: GameGateway): void {
  registerCall(app, platform, checkRolePosition, async (_input, ctx) => {
    if (!ctx.user) throw new AppError(ErrorCode.LOGIN_TIMEOUT);
    const { player } = ctx;
    if (!player.roleId) throw new AppError(ErrorCode.BAD_PARAMS, '请先在游戏中选择角色');
    const snap = await gateway.snapshot(player.gameId, player.roleId);
    const { roles } = await gateway.roles(player.gameId, snap.accountId, snap.serverId);
    const role = {
      online: snap.online,
      inSafeZone: snap.safeZone,
      locked: roles.find((r) => r.id === snap.roleId)?.locked ?? false,
    };
    return {
      roleId: snap.roleId,
      roleName: snap.name,
      serverName: snap.serverName,
      online: role.online,
      inSafeZone: role.inSafeZone,
      locked: role.locked,
      canIssueKey: role.online && role.inSafeZone && !role.locked,
      msg: rolePositionMessage(role),
    };
  });
}
