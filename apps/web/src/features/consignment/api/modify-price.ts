import { modifyPrice } from '@app/protocol/calls/consignment-shelf';
import { callApi } from '../../../lib/api/call-api';
import { useShelfMutation } from './use-shelf-mutation';

/** Changes the price of a delisted listing (the same rules as publishing). */
export const useModifyPrice = () =>
  useShelfMutation((input: { commodityId: string; price: number }) => callApi(modifyPrice, input));
