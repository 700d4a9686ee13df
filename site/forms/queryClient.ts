import { QueryClient } from '@tanstack/react-query'
import { getQueryFn } from './api'

/**
 * The data rules as TanStack Query settings: no automatic retry, results never stale, no refetch
 * on window focus, no polling; queries GET their key's first element with credentials.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  })
}
