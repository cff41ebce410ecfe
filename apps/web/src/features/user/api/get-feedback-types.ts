import { userFeedbackTypeList } from '@app/protocol/calls/user-help';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { accountKeys } from './account-keys';

export const useFeedbackTypes = () =>
  useQuery({
    queryKey: accountKeys.feedbackTypes,
    queryFn: () => callApi(userFeedbackTypeList, {}),
    staleTime: 10 * 60_000,
  });
