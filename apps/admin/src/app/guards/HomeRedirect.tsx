import { Result } from 'antd';
import { Navigate } from 'react-router';
import { useOperator } from '../../lib/session.ts';
import { MENU, menuLeaves, visibleMenu } from '../menu.tsx';

/** /admin/ opens the first screen the operator may use (工作台 for every built-in role). */
export function HomeRedirect() {
  const me = useOperator();
  const first = menuLeaves(visibleMenu(MENU, me.permissions))[0];
  if (first?.path) return <Navigate to={first.path} replace />;
  return (
    <Result
      status="info"
      title="暂无可用的功能"
      subTitle="你的角色还没有开通任何管理权限，请联系超级管理员。账号安全和修改密码可在右上角的账号菜单中使用。"
    />
  );
}
