import { takeBack } from '@app/protocol/calls/consignment-shelf';
import { callApi } from '../../../lib/api/call-api';
import { useShelfMutation } from './use-shelf-mutation';

/** Takes a delisted listing back: the game releases the role, coins or prop. */
export const useTakeBack = () => useShelfMutation((commodityId: string) => callApi(takeBack, { commodityId }));
