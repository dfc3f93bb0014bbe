import { useEffect, useState } from 'react';
import { Avatar, Button, DatePicker, Form, Input, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { SearchOutlined, UserOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatFromNow, formatTime, SHOP_TIMEZONE } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.tsx';
import { useMemberPage } from '../../../entities/member/api/getMemberPage.ts';
import { memberName, MemberDetailDrawer } from '../components/MemberDetailDrawer.tsx';
import { MemberStatusModal, type MemberStatusTarget } from '../components/MemberStatusModal.tsx';
import { MemberStatusTag, operatorMayChange } from '../components/MemberStatusTag.tsx';
import { MEMBER_STATUS_NAMES } from '@mall/shared';
import styles from '../components/members.module.css';
import type { MemberQuery, MemberRow, MemberStatus } from '../../../entities/member/types.ts';
import { MEMBER_ROLE_NAMES } from '../roleNames.ts';
import { PAGE_SIZES, serverPagination } from '../../../lib/pagination.ts';

const isMemberStatus = (s: string | null): s is MemberStatus => s !== null && Object.hasOwn(MEMBER_STATUS_NAMES, s);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Filters {
  keyword: string;
  status?: MemberStatus;
  range?: [Dayjs, Dayjs] | null;
}

/** A day of the shop (Asia/Shanghai) as the instant it starts, in UTC. */
const dayStart = (day: string) => dayjs.tz(day, SHOP_TIMEZONE).startOf('day').toISOString();

/** The form's filters as the address has them. */
function filtersOf(params: URLSearchParams): Filters {
  const status = params.get('status');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    keyword: params.get('keyword') ?? '',
    status: isMemberStatus(status) ? status : undefined,
    range: DAY.test(from) && DAY.test(to) ? [dayjs(from), dayjs(to)] : null,
  };
}

/** The filters live in the address (back, reload and a shared link keep them). */
function useMemberFilters() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const status = params.get('status');
  const query: MemberQuery = {
    keyword: params.get('keyword') ?? undefined,
    status: isMemberStatus(status) ? status : undefined,
    registeredFrom: DAY.test(from) ? dayStart(from) : undefined,
    // The end day is included: up to the start of the next one.
    registeredTo: DAY.test(to) ? dayjs.tz(to, SHOP_TIMEZONE).startOf('day').add(1, 'day').toISOString() : undefined,
    pageNum: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 10,
  };
  const update = (patch: Record<string, string | number | undefined | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: false },
    );
  return { query, update, params, openMember: params.get('member') };
}

/** 会员: find a member by username, mobile (full or last 4 digits) or nickname; detail; 禁用/启用. */
export default function MemberListPage() {
  const { query, update, params, openMember } = useMemberFilters();
  const page = useMemberPage(query);
  const canDisable = usePermission('member:disable');
  const [statusTarget, setStatusTarget] = useState<MemberStatusTarget | null>(null);
  const [form] = Form.useForm<Filters>();
  // The address is the truth: back, forward and 重置 put its filters into the form.
  const address = params.toString();
  useEffect(() => {
    form.setFieldsValue(filtersOf(new URLSearchParams(address)));
  }, [form, address]);

  const search = (values: Filters) =>
    update({
      keyword: values.keyword?.trim(),
      status: values.status,
      from: values.range?.[0]?.format('YYYY-MM-DD'),
      to: values.range?.[1]?.format('YYYY-MM-DD'),
      page: undefined,
    });

  const reset = () => {
    update({ keyword: undefined, status: undefined, from: undefined, to: undefined, page: undefined });
  };

  const askStatus = (m: {
    id: string;
    status: MemberStatus;
    nickname: string | null;
    username: string | null;
    mobile: string;
  }) => setStatusTarget({ id: m.id, name: memberName(m), status: m.status === 'active' ? 'disabled' : 'active' });

  const columns: TableColumnsType<MemberRow> = [
    {
      title: '会员',
      key: 'member',
      render: (_, m) => (
        <div className={styles.memberCell}>
          <Avatar size={36} src={m.avatar || undefined} icon={<UserOutlined />} />
          <div style={{ minWidth: 0 }}>
            <div className={styles.memberName}>{memberName(m)}</div>
            <div className={styles.memberSub}>{m.status === 'cancelled' ? '个人信息已删除' : m.username ? `@${m.username}` : '未设置用户名'}</div>
          </div>
        </div>
      ),
    },
    {
      title: '手机号',
      dataIndex: 'mobile',
      width: 140,
      render: (v: string) => v || <span className={styles.muted}>未绑定</span>,
    },
    {
      title: '角色',
      dataIndex: 'roles',
      width: 150,
      render: (roles: string[]) =>
        roles.length ? (
          roles.map((r) => (
            <Tag key={r} variant="filled">
              {MEMBER_ROLE_NAMES[r] ?? r}
            </Tag>
          ))
        ) : (
          <Tooltip title="已用短信登录，尚未设置用户名和密码">
            <span className={styles.muted}>未完成注册</span>
          </Tooltip>
        ),
    },
    { title: '状态', dataIndex: 'status', width: 100, render: (s: MemberStatus) => <MemberStatusTag status={s} /> },
    { title: '注册时间', dataIndex: 'createdAt', width: 170, render: (t: string) => formatTime(t, 'YYYY-MM-DD HH:mm') },
    {
      title: '最近活跃',
      dataIndex: 'lastActiveAt',
      width: 120,
      render: (t: string | null) =>
        t ? (
          <Tooltip title={formatTime(t)}>
            <span>{formatFromNow(t)}</span>
          </Tooltip>
        ) : (
          <span className={styles.muted}>—</span>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => update({ member: m.id })}>
            详情
          </Button>
          {canDisable && operatorMayChange(m.status) ? (
            m.status === 'active' ? (
              <Button type="link" size="small" danger onClick={() => askStatus(m)}>
                禁用
              </Button>
            ) : (
              <Button type="link" size="small" onClick={() => askStatus(m)}>
                启用
              </Button>
            )
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer subTitle="按用户名、手机号（完整号码或后 4 位）或昵称查找会员；禁用后会员的所有登录立即失效。">
      <PageContainer.Section>
        <Form<Filters>
          form={form}
          layout="inline"
          initialValues={filtersOf(params)}
          onFinish={search}
          className={styles.filters}
        >
          <Form.Item name="keyword">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="用户名 / 手机号或后 4 位 / 昵称"
              style={{ width: 280 }}
              maxLength={36}
            />
          </Form.Item>
          <Form.Item name="status">
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 130 }}
              options={[
                { value: 'active', label: '正常' },
                { value: 'disabled', label: '已禁用' },
                { value: 'cancelling', label: '注销中' },
                { value: 'cancelled', label: '已注销' },
              ]}
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker
              placeholder={['注册开始日期', '注册结束日期']}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button onClick={reset}>重置</Button>
            </Space>
          </Form.Item>
        </Form>

        <QueryTable<MemberRow>
          query={page}
          rowKey="id"
          columns={columns}
          onRow={(m) => ({ onDoubleClick: () => update({ member: m.id }) })}
          locale={{
            emptyText: query.keyword || query.status || query.registeredFrom ? '没有符合条件的会员' : '还没有会员',
          }}
          pagination={serverPagination({
            pageNum: query.pageNum,
            pageSize: query.pageSize,
            total: page.data?.total,
            totalText: (total) => `共 ${total} 位会员`,
            onChange: (p, size) => update({ page: p === 1 ? undefined : p, size: size === 10 ? undefined : size }),
          })}
        />
      </PageContainer.Section>

      <MemberDetailDrawer
        memberId={openMember}
        onClose={() => update({ member: undefined })}
        onChangeStatus={askStatus}
      />
      <MemberStatusModal target={statusTarget} onClose={() => setStatusTarget(null)} />
    </PageContainer>
  );
}
