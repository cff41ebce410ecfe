import { publishItem } from '@app/protocol/calls/consignment';
import type { CallInput } from '@app/protocol/contract';
import { callApi } from '../../../lib/api/call-api';
import { requireGameToken } from './game-token';
import { type PublishFields, usePublishMutation } from './use-publish-mutation';

/** Lists one prop of the role (frozen in the game). */
export const usePublishItem = () =>
  usePublishMutation((input: PublishFields<CallInput<typeof publishItem>>) =>
    callApi(publishItem, { ...requireGameToken(), ...input }),
  );
