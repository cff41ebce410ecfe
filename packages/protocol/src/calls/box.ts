import { z } from 'zod';
import { defineCall } from '../contract';
import { ROW_ID } from '../validation';
import { orderSchema } from './orders';

/**
 * The box flow (business-flows §7 "Box flow"): a buyer who comes from the game box (X-UserSource
 * BOX) picks a server and one of their roles there, and orders for it.
 */
const box = <Req extends z.ZodType, Res extends z.ZodType>(
  name: string,
  summary: string,
  request: Req,
  response: Res,
) =>
  defineCall({
    service: 'exchange',
    call: `box/${name}`,
    version: 1,
    access: 'df',
    method: 'POST',
    scene: 'app',
    operationId: `box.${name}`,
    summary,
    request,
    response,
  });

const applicationId = z.string().min(1).max(64);

export const boxServerList = box(
  'serverList',
  'The servers of a game, with how many roles the buyer has on each',
  z.object({ applicationId }),
  z.object({
    list: z.array(
      z.object({ serverId: z.string(), serverName: z.string(), masterServerId: z.string(), myRoles: z.number().int() }),
    ),
  }),
);

export const checkBoxAccount = box(
  'checkBoxAccount',
  "Whether the buyer has a game account of this game linked (the box's account), and which",
  z.object({ applicationId }),
  z.object({ bound: z.boolean(), accounts: z.array(z.string()) }),
);

export const boxRoleList = box(
  'roleList',
  "The buyer's roles in this game on a server",
  z.object({ applicationId, serverId: z.string().min(1).max(64) }),
  z.object({
    list: z.array(
      z.object({
        roleId: z.string(),
        roleName: z.string(),
        accountId: z.string(),
        level: z.number().int(),
        online: z.boolean(),
      }),
    ),
  }),
);

export const checkUser = box(
  'checkUser',
  'Whether a role of the buyer can receive a listing: the same master-server group; for a role, a free slot on its server',
  z.object({ commodityId: z.string().regex(ROW_ID), gameRoleId: z.string().min(1).max(64) }),
  z.object({ ok: z.boolean(), msg: z.string() }),
);

export const boxOrderPlace = box(
  'orderPlace',
  "orderPlace for the box: the goods go to the chosen role's account (roles) or the role (coins, props)",
  z.object({
    commodityId: z.string().regex(ROW_ID),
    requestKey: z.string().min(8).max(64),
    agreement: z.literal(true, { error: '请先阅读并同意交易规则' }),
    gameRoleId: z.string().min(1).max(64),
    couponId: z.string().regex(ROW_ID).optional(),
  }),
  orderSchema,
);

export const boxOrderStatus = box(
  'orderStatus',
  'The status of one of the buyer’s box orders',
  z.object({ orderId: z.string().regex(ROW_ID) }),
  z.object({
    orderId: z.string(),
    status: z.number().int(),
    statusLabel: z.string(),
    expireTime: z.number().int().nullable(),
  }),
);
