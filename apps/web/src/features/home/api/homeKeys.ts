/** Query keys of the home page's goods lists (the category tree is shared: lib/queryKeys.ts). */
export const homeKeys = {
  salesList: ['catalog', 'salesList'] as const,
  recommend: (pageNum: number, pageSize: number) => ['catalog', 'recommend', pageNum, pageSize] as const,
};
