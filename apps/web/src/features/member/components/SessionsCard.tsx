import { Button, Card, Popconfirm, Table, Tag } from 'antd';
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions.ts';
import type { SessionView } from '../api/types.ts';
import { formatTime } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { useFeedback } from '../../../lib/feedback.ts';

const shownTime = (iso: string) => formatTime(iso, 'YYYY-MM-DD HH:mm') || '—';

/** 登录设备: every signed-in session; any other one can be signed out, or all others at once. */
export function SessionsCard() {
  const { message } = useFeedback();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const columns = [
    {
      title: '设备',
      key: 'device',
      render: (_: unknown, s: SessionView) => (
        <span>
          {s.clientType === 'PC_BROWSER' ? <DesktopOutlined /> : <MobileOutlined />}
          <span style={{ marginInline: 8 }}>{s.device}</span>
          {s.current ? <Tag color="purple">当前设备</Tag> : null}
        </span>
      ),
    },
    { title: '客户端', dataIndex: 'clientTypeName', key: 'clientTypeName', width: 120 },
    {
      title: '最近活跃',
      key: 'lastActiveAt',
      width: 160,
      render: (_: unknown, s: SessionView) => shownTime(s.lastActiveAt),
    },
    {
      title: '登录时间',
      key: 'createdAt',
      width: 160,
      render: (_: unknown, s: SessionView) => shownTime(s.createdAt),
    },
    { title: 'IP 地址', dataIndex: 'ip', key: 'ip', width: 130 },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_: unknown, s: SessionView) =>
        s.current ? (
          <span style={{ color: '#6b6b6b' }}>—</span>
        ) : (
          <Popconfirm
            title="让这台设备退出登录？"
            description="该设备需要重新登录才能继续使用"
            okText="退出"
            cancelText="取消"
            onConfirm={() => revoke.mutateAsync(s.id).then(() => void message.success('该设备已退出登录'))}
          >
            <Button type="link" size="small" danger>
              退出
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      title="登录设备"
      data-testid="sessions-card"
      extra={
        <Popconfirm
          title="退出其他所有设备？"
          description="除当前设备外，其他设备都需要重新登录"
          okText="全部退出"
          cancelText="取消"
          disabled={others === 0}
          onConfirm={() =>
            revokeOthers
              .mutateAsync()
              .then((r) => void message.success(r.revoked > 0 ? `已退出其他 ${r.revoked} 个设备` : '没有其他登录设备'))
          }
        >
          <Button disabled={others === 0} loading={revokeOthers.isPending}>
            退出其他设备
          </Button>
        </Popconfirm>
      }
    >
      {sessions.isError ? (
        <LoadError onRetry={() => void sessions.refetch()} />
      ) : (
        // The table is wider than a phone: its scroll box is a named region that takes focus, so that a
        // keyboard can scroll it even when no row has a 退出 button (the current session alone).
        <div role="region" aria-label="登录设备列表" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table<SessionView>
            rowKey="id"
            size="middle"
            loading={sessions.isPending}
            dataSource={sessions.data ?? []}
            columns={columns}
            style={{ minWidth: 720 }}
            pagination={false}
            locale={{ emptyText: '暂无登录设备' }}
            data-testid="sessions-table"
          />
        </div>
      )}
      <div style={{ marginTop: 12, color: '#6b6b6b', fontSize: 12 }}>
        如发现不认识的设备，请立即让它退出登录并修改密码。IP 地址已部分隐藏。
      </div>
    </Card>
  );
}
