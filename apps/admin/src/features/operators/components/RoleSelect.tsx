import { Select, type SelectProps } from 'antd';
import { useRoles } from '../api/roles.ts';

/** The shop's roles (built-in and own), by name. */
export function RoleSelect(props: Omit<SelectProps<string>, 'options' | 'loading'>) {
  const roles = useRoles();
  return (
    <Select<string>
      placeholder="选择角色"
      loading={roles.isLoading}
      notFoundContent={roles.isError ? '角色加载失败' : undefined}
      options={roles.data?.map((r) => ({ value: r.key, label: r.builtin ? r.name : `${r.name}（自定义）` }))}
      {...props}
    />
  );
}
