import { checkRemoveAccount } from '@app/protocol/calls/user';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { storage } from '../../../lib/storage';
import { accountKeys } from './account-keys';

/** Whether the account can close now, and the reasons it cannot, asked afresh each visit. */
export const useRemovalCheck = () =>
  useQuery({
    queryKey: accountKeys.removal,
    queryFn: () => callApi(checkRemoveAccount, {}),
    enabled: Boolean(storage.get('token')),
    staleTime: 0,
  });
