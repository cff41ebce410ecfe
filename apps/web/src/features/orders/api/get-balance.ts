import { userAccountDetail } from '@app/protocol/calls/user';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

export const useBalance = () =>
  useQuery({ queryKey: ['order', 'balance'], queryFn: async () => (await callApi(userAccountDetail, {})).balance });
