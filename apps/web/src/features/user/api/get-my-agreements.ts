import { myAgreements } from '@app/protocol/calls/user-help';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { storage } from '../../../lib/storage';
import { accountKeys } from './account-keys';

/** The version of each agreement this user agreed to (at login or phone binding), and the current one. */
export const useMyAgreements = () =>
  useQuery({
    queryKey: accountKeys.agreed,
    queryFn: () => callApi(myAgreements, {}, { catchError: true }),
    enabled: Boolean(storage.get('token')),
  });
