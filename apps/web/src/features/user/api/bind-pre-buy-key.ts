import { bindUserByPreBuyKey } from '@app/protocol/calls/pre-buy-key';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** The buyer binds himself with a 预购码 as the pre-sale's designated buyer; answers the listing. */
export const useBindPreBuyKey = () =>
  useMutation({ mutationFn: (preBuyKey: string) => callApi(bindUserByPreBuyKey, { preBuyKey }) });
