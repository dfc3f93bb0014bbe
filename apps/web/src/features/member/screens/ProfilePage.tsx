import { Avatar, Button, Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { reloadUser, useSession } from '../../accounts/session.ts';

const genders = { male: '男', female: '女', unknown: '保密' } as const;

/** 个人资料: the signed-in member as the server knows them (mobile masked by the server). */
export default function ProfilePage() {
  const { user } = useSession();
  const { isPending } = useQuery({ queryKey: ['user', 'current'], queryFn: reloadUser, staleTime: 0 });
  if (!user && isPending) {
    return (
      <Card>
        <Skeleton active avatar />
      </Card>
    );
  }
  if (!user) {
    // The session ended while the page was open (the request helper has asked the buyer to sign in).
    return (
      <Card>
        <Result
          status="info"
          title="登录后查看个人资料"
          extra={
            <Link to="/login?redirect=%2Fuser%2Fmember%2Fprofile">
              <Button type="primary">去登录</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <Card title="个人资料" styles={{ body: { padding: 32 } }}>
      <div style={{ display: 'flex', gap: 40, alignItems: 'flex-start' }}>
        <div style={{ textAlign: 'center', width: 120 }}>
          <Avatar size={96} src={user.avatar || undefined} icon={<UserOutlined />} alt="头像" />
          <div style={{ marginTop: 12, fontSize: 16, fontWeight: 600 }} data-testid="profile-nickname">
            {user.nickname || user.username || '未设置昵称'}
          </div>
        </div>
        <Descriptions column={1} style={{ flex: 1 }} styles={{ label: { width: 100, color: '#666' } }}>
          <Descriptions.Item label="昵称">{user.nickname || '未设置'}</Descriptions.Item>
          <Descriptions.Item label="用户名">{user.username || '未设置'}</Descriptions.Item>
          <Descriptions.Item label="手机号">
            <span data-testid="profile-mobile">{user.mobile}</span>
          </Descriptions.Item>
          <Descriptions.Item label="性别">{genders[user.gender] ?? '保密'}</Descriptions.Item>
          <Descriptions.Item label="生日">{user.birthday || '未设置'}</Descriptions.Item>
          <Descriptions.Item label="会员身份">
            {user.roles.map((r) => (
              <Tag key={r} color="purple">
                {r === 'member' ? '普通会员' : r === 'distributor' ? '分销员' : r === 'supplier' ? '供应商' : r}
              </Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label="注册时间">{dayjs(user.createdAt).format('YYYY年M月D日')}</Descriptions.Item>
        </Descriptions>
      </div>
    </Card>
  );
}
