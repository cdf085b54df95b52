import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

/** One cache for the whole visit: the layout comes and goes with the home page, the client stays. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/**
 * The screens that talk to the API, under TanStack Query. A chunk of its own so the home page,
 * which fetches nothing, does not load the query library before it is usable.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
