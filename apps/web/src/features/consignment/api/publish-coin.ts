import { publishCoin } from '@app/protocol/calls/consignment';
import type { CallInput } from '@app/protocol/contract';
import { callApi } from '../../../lib/api/call-api';
import { requireGameToken } from './game-token';
import { type PublishFields, usePublishMutation } from './use-publish-mutation';

/** Lists a lot of the role's coins (frozen in the game). */
export const usePublishCoin = () =>
  usePublishMutation((input: PublishFields<CallInput<typeof publishCoin>>) =>
    callApi(publishCoin, { ...requireGameToken(), ...input }),
  );
