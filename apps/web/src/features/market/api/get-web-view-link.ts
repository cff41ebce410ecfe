import { webViewLink } from '@app/protocol/calls/market-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';
import { marketKeys } from '../../../lib/queries/market-keys';

/** Whether the banner web view may show a link (the server knows which links the operator published). */
export const webViewLinkOptions = (hyperlink: string) =>
  queryOptions({
    queryKey: marketKeys.webViewLink(hyperlink),
    queryFn: () => callApi(webViewLink, { hyperlink }, { ignoreError: true }),
    staleTime: 10 * 60_000,
    enabled: hyperlink.length > 0,
  });

export function useWebViewLink(hyperlink: string) {
  return useQuery(webViewLinkOptions(hyperlink));
}
