import { checkBindPhone } from '@app/protocol/calls/user';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { storage } from '../../../lib/storage';
import { accountKeys } from './account-keys';

/** Whether this account has a bound phone (masked). */
export const useBoundPhone = () =>
  useQuery({
    queryKey: accountKeys.bindPhone,
    queryFn: () => callApi(checkBindPhone, {}),
    enabled: Boolean(storage.get('token')),
  });
