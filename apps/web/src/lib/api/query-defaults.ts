/**
 * The query client's defaults. networkMode 'always': every query and mutation runs its function
 * even offline, so the request layer answers at once with the 'network exception' toast
 * (platform-shell §5) instead of TanStack Query pausing the call and the page waiting silently for
 * a network that may never come back.
 */
export const queryDefaults = {
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
  mutations: { retry: false, networkMode: 'always' },
} as const;
