import { getPushSwitch } from '@app/protocol/calls/user-help';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { storage } from '../../../lib/storage';
import { accountKeys } from './account-keys';

/** 消息推送 and 个性化推荐, as the server keeps them for this user. */
export const useSwitches = () =>
  useQuery({
    queryKey: accountKeys.switches,
    queryFn: () => callApi(getPushSwitch, {}),
    enabled: Boolean(storage.get('token')),
  });
