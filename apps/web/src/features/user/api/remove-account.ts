import { removeAccount } from '@app/protocol/calls/user';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { clearLoginInfo } from '../../../lib/storage';

/** 注销账号 with a fresh SMS code; the device forgets the login once the server closed it. */
export const useRemoveAccount = () =>
  useMutation({
    mutationFn: (code: string) => callApi(removeAccount, { code }),
    onSuccess: () => clearLoginInfo(),
  });
