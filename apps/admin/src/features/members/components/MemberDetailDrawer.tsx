import {
  Avatar,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { ORDER_STATES, type OrderStatus } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatFen, formatFromNow, formatTime } from '../../../lib/format.ts';
import { Can } from '../../../lib/permission.tsx';
import { useMemberDetail } from '../../../entities/member/api/getMemberDetail.ts';
import type { MemberDetail, MemberOrderLine, MemberSession } from '../../../entities/member/types.ts';
import { MEMBER_ROLE_NAMES } from '../roleNames.ts';
import { MemberStatusTag, operatorMayChange } from './MemberStatusTag.tsx';
import { CancellationNote } from './CancellationNote.tsx';
import { CANCELLED_MEMBER_NAME } from '@mall/shared';
import styles from './members.module.css';

const GENDERS: Record<string, string> = { male: '男', female: '女', unknown: '未填写' };
const COUNTED: OrderStatus[] = ['PENDING_PAYMENT', 'PENDING_SHIPMENT', 'PENDING_RECEIPT', 'COMPLETED'];

export const memberName = (m: { nickname: string | null; username: string | null; mobile: string; status?: string }) =>
  m.status === 'cancelled' ? CANCELLED_MEMBER_NAME : m.nickname || m.username || m.mobile || '未命名会员';

function OrderStatusTag({ status, text }: { status: string; text: string }) {
  const color = (ORDER_STATES as Record<string, { color: string }>)[status]?.color;
  return (
    <Tag color={color} variant="outlined">
      {text}
    </Tag>
  );
}

function Orders({ orders }: { orders: MemberDetail['orders'] }) {
  const columns = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      render: (no: string) => (
        <Typography.Text copyable={{ text: no, tooltips: ['复制', '已复制'] }} className={styles.mono}>
          {no}
        </Typography.Text>
      ),
    },
    {
      title: '商品',
      dataIndex: 'firstGoodsName',
      ellipsis: true,
      render: (name: string | null, row: MemberOrderLine) => (
        <span>
          {name ?? '—'}
          {row.quantity > 1 ? <span className={styles.muted}> 等 {row.quantity} 件</span> : null}
        </span>
      ),
    },
    {
      title: '实付',
      dataIndex: 'payableAmount',
      width: 100,
      align: 'right' as const,
      render: (fen: number) => formatFen(fen),
    },
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 110,
      render: (text: string, row: MemberOrderLine) => (
        <Space size={4}>
          <OrderStatusTag status={row.status} text={text} />
          {row.deletedByBuyer ? (
            <Tooltip title="买家已从订单列表删除">
              <Tag variant="filled">已删除</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { title: '下单时间', dataIndex: 'createdAt', width: 150, render: (t: string) => formatTime(t, 'YYYY-MM-DD HH:mm') },
  ];
  return (
    <Card
      size="small"
      title="订单"
      extra={
        <span className={styles.muted}>
          共 {orders.total} 单，显示最近 {orders.latest.length} 单
        </span>
      }
    >
      <div className={styles.counts}>
        {COUNTED.map((s) => (
          <div key={s} className={styles.count}>
            <div className={styles.countValue}>{orders.counts[s] ?? 0}</div>
            <div className={styles.countLabel}>{ORDER_STATES[s].name}</div>
          </div>
        ))}
      </div>
      <Table<MemberOrderLine>
        size="small"
        rowKey="orderNo"
        columns={columns}
        dataSource={orders.latest}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有订单" /> }}
      />
    </Card>
  );
}

function Sessions({ sessions }: { sessions: MemberSession[] }) {
  return (
    <Card size="small" title="登录设备" extra={<span className={styles.muted}>{sessions.length} 个在线</span>}>
      <Table<MemberSession>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={sessions}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有登录中的设备" /> }}
        columns={[
          { title: '设备', dataIndex: 'device' },
          { title: '客户端', dataIndex: 'clientTypeName', width: 110 },
          { title: 'IP', dataIndex: 'ip', width: 130 },
          {
            title: '登录时间',
            dataIndex: 'createdAt',
            width: 150,
            render: (t: string) => formatTime(t, 'YYYY-MM-DD HH:mm'),
          },
          {
            title: '最近活跃',
            dataIndex: 'lastActiveAt',
            width: 110,
            render: (t: string) => (
              <Tooltip title={formatTime(t)}>
                <span>{formatFromNow(t)}</span>
              </Tooltip>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** A member at a glance: who, since when, how they buy, where they are signed in. 禁用/启用 from here too. */
export function MemberDetailDrawer({
  memberId,
  onClose,
  onChangeStatus,
}: {
  memberId: string | null;
  onClose: () => void;
  onChangeStatus: (m: MemberDetail) => void;
}) {
  const detail = useMemberDetail(memberId);
  const m = detail.data;

  return (
    <Drawer
      open={Boolean(memberId)}
      onClose={onClose}
      size={760}
      title="会员详情"
      extra={
        m ? (
          <Can permission="member:disable">
            {!operatorMayChange(m.status) ? null : m.status === 'active' ? (
              <Button danger onClick={() => onChangeStatus(m)}>
                禁用会员
              </Button>
            ) : (
              <Button type="primary" onClick={() => onChangeStatus(m)}>
                启用会员
              </Button>
            )}
          </Can>
        ) : null
      }
    >
      {detail.isLoading ? (
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      ) : detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : m ? (
        <div className={styles.detail}>
          <div className={styles.profileHead}>
            <Avatar size={56} src={m.avatar || undefined} icon={<UserOutlined />} />
            <div>
              <div className={styles.profileName}>
                {memberName(m)} <MemberStatusTag status={m.status} />
              </div>
              <div className={styles.muted}>
                {m.status === 'cancelled' ? '个人信息已删除' : m.username ? `用户名 ${m.username}` : '尚未设置用户名'} · 注册于{' '}
                {formatTime(m.createdAt, 'YYYY-MM-DD HH:mm')}
              </div>
            </div>
          </div>
          <CancellationNote member={m} />
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="会员编号" span={2}>
              <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }} className={styles.mono}>
                {m.id}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="手机号">{m.mobile || '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="昵称">{m.nickname || '—'}</Descriptions.Item>
            <Descriptions.Item label="角色">
              {m.roles.length ? (
                m.roles.map((r) => (
                  <Tag key={r} variant="filled">
                    {MEMBER_ROLE_NAMES[r] ?? r}
                  </Tag>
                ))
              ) : (
                <span className={styles.muted}>{m.status === 'cancelled' ? '—' : '未完成注册'}</span>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="登录密码">{m.hasPassword ? '已设置' : '未设置'}</Descriptions.Item>
            <Descriptions.Item label="性别">{GENDERS[m.gender] ?? '未填写'}</Descriptions.Item>
            <Descriptions.Item label="生日">{m.birthday || '未填写'}</Descriptions.Item>
          </Descriptions>
          <Orders orders={m.orders} />
          <Sessions sessions={m.sessions} />
        </div>
      ) : null}
    </Drawer>
  );
}
