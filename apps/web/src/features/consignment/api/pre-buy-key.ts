import { createPreBuyKey } from '@app/protocol/calls/pre-buy-key';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** 预购码: the seller makes one for a pre-sale (a new one ends the unused one before it). */
export const useCreatePreBuyKey = () =>
  useMutation({ mutationFn: (commodityId: string) => callApi(createPreBuyKey, { commodityId }) });
