import { onShelf } from '@app/protocol/calls/consignment-shelf';
import { callApi } from '../../../lib/api/call-api';
import { useShelfMutation } from './use-shelf-mutation';

/** Relists a delisted listing (已下架 → 在售). */
export const useOnShelf = () => useShelfMutation((commodityId: string) => callApi(onShelf, { commodityId }));
