import { useState } from 'react';
import { App, Avatar, Button, Input, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined, SafetyCertificateOutlined, SearchOutlined } from '@ant-design/icons';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatFromNow, formatTime } from '../../../lib/format.ts';
import { useOperator } from '../../../lib/session.ts';
import { useOperators } from '../api/listOperators.ts';
import { useResetPassword } from '../api/resetPassword.ts';
import { useUpdateOperator } from '../api/updateOperator.ts';
import { ChangeRoleModal } from '../components/ChangeRoleModal.tsx';
import { CreateOperatorModal } from '../components/CreateOperatorModal.tsx';
import { OneTimePasswordModal } from '../components/OneTimePasswordModal.tsx';
import styles from '../components/operators.module.css';
import type { OneTimePassword, OperatorRow } from '../types.ts';
import { serverPagination } from '../../../lib/pagination.ts';

/** 人员: the shop's operators, their roles and sign-in state; 新建, 修改角色, 停用/启用, 重置密码. */
export default function OperatorListPage() {
  const me = useOperator();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const list = useOperators({ keyword: keyword || undefined, ...paging });
  const update = useUpdateOperator();
  const reset = useResetPassword();
  const [creating, setCreating] = useState(false);
  const [changingRole, setChangingRole] = useState<OperatorRow | null>(null);
  const [otp, setOtp] = useState<{ title: string; value: OneTimePassword } | null>(null);

  const columns: TableColumnsType<OperatorRow> = [
    {
      title: '人员',
      key: 'who',
      render: (_, op) => (
        <div className={styles.who}>
          <Avatar style={{ background: '#efe7f6', color: '#7c5c9b' }}>{Array.from(op.displayName)[0]}</Avatar>
          <div>
            <div className={styles.whoName}>
              {op.displayName}
              {op.id === me.id ? (
                <Tag color="purple" variant="filled" style={{ marginLeft: 6 }}>
                  我
                </Tag>
              ) : null}
            </div>
            <div className={styles.whoSub}>{op.username}</div>
          </div>
        </div>
      ),
    },
    {
      title: '角色',
      dataIndex: ['role', 'name'],
      width: 130,
      render: (name: string) => <Tag variant="filled">{name}</Tag>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (status: OperatorRow['status'], op) => (
        <Space size={4}>
          {status === 'active' ? <Tag color="success">正常</Tag> : <Tag color="default">已停用</Tag>}
          {op.mustChangePassword ? (
            <Tooltip title="仍在使用一次性密码，首次登录时须修改">
              <Tag color="warning">待改密</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: '两步验证',
      dataIndex: 'totpEnabled',
      width: 110,
      render: (on: boolean) =>
        on ? (
          <span style={{ color: '#389e0d' }}>
            <SafetyCertificateOutlined /> 已开启
          </span>
        ) : (
          <span className={styles.muted}>未开启</span>
        ),
    },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      width: 130,
      render: (t: string | null) =>
        t ? (
          <Tooltip title={formatTime(t)}>
            <span>{formatFromNow(t)}</span>
          </Tooltip>
        ) : (
          <span className={styles.muted}>从未登录</span>
        ),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 160, render: (t: string) => formatTime(t, 'YYYY-MM-DD HH:mm') },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      render: (_, op) => {
        const self = op.id === me.id;
        return (
          <Space size={0} wrap>
            {self ? null : (
              <Button type="link" size="small" onClick={() => setChangingRole(op)}>
                修改角色
              </Button>
            )}
            {self ? null : op.status === 'active' ? (
              <ConfirmButton
                type="link"
                size="small"
                title={`停用「${op.displayName}」？`}
                description="停用后该账号立即下线，且无法再登录，直到重新启用。"
                okText="停用"
                onConfirm={async () => {
                  await update.mutateAsync({ id: op.id, status: 'disabled' });
                  void message.success(`已停用「${op.displayName}」`);
                }}
              >
                停用
              </ConfirmButton>
            ) : (
              <ConfirmButton
                type="link"
                size="small"
                danger={false}
                title={`启用「${op.displayName}」？`}
                description="启用后该账号可以重新登录。"
                okText="启用"
                onConfirm={async () => {
                  await update.mutateAsync({ id: op.id, status: 'active' });
                  void message.success(`已启用「${op.displayName}」`);
                }}
              >
                启用
              </ConfirmButton>
            )}
            <ConfirmButton
              type="link"
              size="small"
              title={`重置「${op.displayName}」的密码？`}
              description="将生成新的一次性密码，该账号所有登录立即失效。"
              okText="重置密码"
              onConfirm={async () => {
                const done = await reset.mutateAsync(op.id);
                setOtp({ title: '密码已重置', value: done });
              }}
            >
              重置密码
            </ConfirmButton>
          </Space>
        );
      },
    },
  ];

  return (
    <PageContainer
      subTitle="运营人员用自己的账号登录管理后台；每个人的操作都会记入操作日志。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建人员
        </Button>
      }
    >
      <PageContainer.Section>
        <div className={styles.toolbar}>
          <Input.Search
            allowClear
            enterButton={<SearchOutlined />}
            placeholder="账号或姓名"
            maxLength={32}
            style={{ width: 280 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((p) => ({ ...p, pageNum: 1 }));
            }}
          />
        </div>
        <QueryTable<OperatorRow>
          query={list}
          rowKey="id"
          columns={columns}
          locale={{ emptyText: keyword ? '没有符合条件的人员' : '还没有运营人员' }}
          pagination={serverPagination({
            pageNum: paging.pageNum,
            pageSize: paging.pageSize,
            total: list.data?.total,
            totalText: (total) => `共 ${total} 人`,
            onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
          })}
        />
      </PageContainer.Section>

      <CreateOperatorModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(value) => setOtp({ title: '人员已创建', value })}
      />
      <ChangeRoleModal operator={changingRole} onClose={() => setChangingRole(null)} />
      <OneTimePasswordModal value={otp?.value ?? null} title={otp?.title ?? ''} onClose={() => setOtp(null)} />
    </PageContainer>
  );
}
