import type { MemberQuery } from '../types.ts';

/** Query keys of the 会员 screens; a status change drops both the pages and the detail. */
export const membersKeys = {
  all: ['ops', 'members'] as const,
  pages: () => [...membersKeys.all, 'page'] as const,
  page: (q: MemberQuery) => [...membersKeys.pages(), q] as const,
  detail: (memberId: string) => [...membersKeys.all, 'detail', memberId] as const,
};
