import { finishPrePublish } from '@app/protocol/calls/consignment-keys';
import type { CallInput } from '@app/protocol/contract';
import { callApi } from '../../../lib/api/call-api';
import { usePublishMutation } from './use-publish-mutation';

/** Lists the role the key holds at the seller's price (frozen under the key's lock, the key used up). */
export const useFinishKeySale = () =>
  usePublishMutation((input: CallInput<typeof finishPrePublish>) => callApi(finishPrePublish, input));
