import type { MemberQuery } from '../types.ts';

/** The members' query keys; a status change drops `all` (pages, details, pickers). */
export const memberKeys = {
  all: ['ops', 'members'] as const,
  pages: () => [...memberKeys.all, 'page'] as const,
  page: (q: MemberQuery) => [...memberKeys.pages(), q] as const,
  detail: (memberId: string) => [...memberKeys.all, 'detail', memberId] as const,
};
