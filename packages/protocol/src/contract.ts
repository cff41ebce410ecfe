import type { z } from 'zod';

/**
 * One call of the exchange API, written once and used by the server (routing, validation,
 * OpenAPI), the web client (path, method, inferred types) and the tests.
 */
export type Access = 'pb' | 'df' | 'pt';
export type CallScene = 'app' | 'h5sdk' | 'h5';
export type CallMethod = 'GET' | 'POST';

export interface CallDef<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends Access = Access,
  AppId extends boolean = boolean,
> {
  service: string;
  /** The name the specs give; may contain '/' (`manualPreSale/create`). */
  call: string;
  version: number;
  access: A;
  method: CallMethod;
  scene: CallScene;
  /** `<service>.<call>` with '/' turned into '.', unless the specs name it otherwise (`h5sdk.myCommodity`). */
  operationId: string;
  summary: string;
  request: Req;
  response: Res;
  /** Answered as plain JSON whatever the request (bootstrap calls that hand out the keys). */
  plain?: boolean;
  /** Needs the X-AppId header: a missing one answers 10003 'AppId异常'. */
  requiresAppId?: AppId;
}

export type CallInput<D extends CallDef> = z.input<D['request']>;
export type CallOutput<D extends CallDef> = z.output<D['response']>;

type DefInput<Req extends z.ZodType, Res extends z.ZodType, A extends Access, AppId extends boolean> = Omit<
  CallDef<Req, Res, A, AppId>,
  'operationId'
> & {
  operationId?: string;
};

/** Keeps `access` and `requiresAppId` as literals: the server types a handler's context from them. */
export function defineCall<
  Req extends z.ZodType,
  Res extends z.ZodType,
  A extends Access,
  AppId extends boolean = false,
>(def: DefInput<Req, Res, A, AppId>): CallDef<Req, Res, A, AppId> {
  return { ...def, operationId: def.operationId ?? `${def.service}.${def.call.replaceAll('/', '.')}` };
}

export function callPath(def: Pick<CallDef, 'access' | 'scene' | 'service' | 'version' | 'call'>): string {
  return `/${def.access}/api/${def.scene}/${def.service}/v${def.version}/${def.call}`;
}

/**
 * The shorthand of a service whose calls are all the app scene's, with a user's session, POST, v1:
 * `sessionCalls('coupon')('myCoupon', '我的优惠券', request, response)`; `prefix` groups them
 * (`extractApply/`).
 */
export const sessionCalls =
  (service: string, prefix = '') =>
  <Req extends z.ZodType, Res extends z.ZodType>(name: string, summary: string, request: Req, response: Res) =>
    defineCall({
      service,
      call: `${prefix}${name}`,
      version: 1,
      access: 'df',
      method: 'POST',
      scene: 'app',
      summary,
      request,
      response,
    });
