import { publishPreSale } from '@app/protocol/calls/consignment';
import type { CallInput } from '@app/protocol/contract';
import { callApi } from '../../../lib/api/call-api';
import { requireGameToken } from './game-token';
import { type PublishFields, usePublishMutation } from './use-publish-mutation';

/** Lists the token's role for pre-sale: delivered within deliverDays after payment. */
export const usePublishPreSale = () =>
  usePublishMutation((input: PublishFields<CallInput<typeof publishPreSale>>) =>
    callApi(publishPreSale, { ...requireGameToken(), ...input }),
  );
