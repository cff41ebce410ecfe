import { publishAccount } from '@app/protocol/calls/consignment';
import type { CallInput } from '@app/protocol/contract';
import { callApi } from '../../../lib/api/call-api';
import { requireGameToken } from './game-token';
import { type PublishFields, usePublishMutation } from './use-publish-mutation';

/** Lists the token's role: the game freezes it, then it is on sale. */
export const usePublishAccount = () =>
  usePublishMutation((input: PublishFields<CallInput<typeof publishAccount>>) =>
    callApi(publishAccount, { ...requireGameToken(), ...input }),
  );
