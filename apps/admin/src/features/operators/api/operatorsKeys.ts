/** Query keys of 人员 and 角色 (a role change renames the operators' role column too). */
export const operatorsKeys = {
  all: ['ops', 'operators'] as const,
  list: (q: { keyword?: string; pageNum: number; pageSize: number }) => [...operatorsKeys.all, 'list', q] as const,
  roles: () => [...operatorsKeys.all, 'roles'] as const,
};
