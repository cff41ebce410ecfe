import { downShelf } from '@app/protocol/calls/consignment-shelf';
import { callApi } from '../../../lib/api/call-api';
import { useShelfMutation } from './use-shelf-mutation';

/** Delists a listing on sale (在售 → 已下架); it stays frozen in the game. */
export const useDownShelf = () => useShelfMutation((commodityId: string) => callApi(downShelf, { commodityId }));
