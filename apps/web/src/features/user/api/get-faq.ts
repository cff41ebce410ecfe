import { faqList } from '@app/protocol/calls/user-help';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { accountKeys } from './account-keys';

export const useFaq = () =>
  useQuery({ queryKey: accountKeys.faq, queryFn: () => callApi(faqList, {}), staleTime: 10 * 60_000 });
