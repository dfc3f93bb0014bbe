import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** A username free at the moment of asking: from `base` (a name that was taken) or from the member's mobile. */
export function suggestUsername(base?: string) {
  return request
    .get<{ username: string }>('/member/user/auth/username/suggest', base ? { base } : undefined, { silent: true })
    .then((d) => d.username);
}

/** The name to prefill when completing the account; asked once, never refreshed under the buyer's typing. */
export function useSuggestedUsername() {
  return useQuery({
    queryKey: ['member', 'usernameSuggestion'],
    queryFn: () => suggestUsername(),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
