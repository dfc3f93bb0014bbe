import { useCallback, useState } from 'react';
import { Alert, App, Button, Card, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatFromNow, formatTime } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useOperator } from '../../../lib/session.ts';
import { useRevokeSession, useSessions } from '../api/sessions.ts';
import { TotpBindModal, TotpUnbindModal } from '../components/TotpModals.tsx';
import type { OpsSession } from '../types.ts';
import styles from './AccountPages.module.css';

/** 账号安全: where the operator is signed in (下线 any other), the authenticator, the password. */
export default function SecurityPage() {
  const me = useOperator();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [binding, setBinding] = useState(false);
  const [unbinding, setUnbinding] = useState(false);
  const closeBind = useCallback(() => setBinding(false), []);
  const closeUnbind = useCallback(() => setUnbinding(false), []);
  const totpDemanded = params.get('reason') === 'totp' && !me.totpEnabled;

  const columns: TableColumnsType<OpsSession> = [
    {
      title: '设备',
      dataIndex: 'device',
      render: (device: string | null, row) => (
        <span>
          {device || '未知设备'}
          {row.current ? (
            <Tag color="purple" variant="filled" style={{ marginLeft: 8 }}>
              当前设备
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 160, render: (ip: string | null) => ip || '—' },
    { title: '登录时间', dataIndex: 'createdAt', width: 190, render: (t: string) => formatTime(t) },
    {
      title: '最近活动',
      dataIndex: 'lastActiveAt',
      width: 140,
      render: (t: string) => (
        <Tooltip title={formatTime(t)}>
          <span>{formatFromNow(t)}</span>
        </Tooltip>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_, row) =>
        row.current ? (
          <span className={styles.muted}>—</span>
        ) : (
          <ConfirmButton
            type="link"
            size="small"
            placement="topRight"
            title="让该设备下线？"
            description="下线后，该设备需要重新登录才能使用管理后台。"
            okText="下线"
            onConfirm={async () => {
              await revoke.mutateAsync(row.id);
              void message.success('该设备已下线');
            }}
          >
            下线
          </ConfirmButton>
        ),
    },
  ];

  return (
    <PageContainer title="账号安全" subTitle={`${me.displayName}（${me.username}）· ${me.role.name}`}>
      {totpDemanded ? (
        <Alert
          type="warning"
          showIcon
          title="请先绑定身份验证器"
          description="按安全要求，超级管理员须开启两步验证后才能使用管理后台的其他功能。"
        />
      ) : null}

      <Card title="两步验证" variant="borderless">
        <div className={styles.statusRow}>
          <div>
            <div>
              身份验证器：
              {me.totpEnabled ? (
                <Tag color="success" variant="filled">
                  已绑定
                </Tag>
              ) : (
                <Tag variant="filled">未绑定</Tag>
              )}
            </div>
            <div className={styles.muted} style={{ marginTop: 6 }}>
              {me.totpEnabled
                ? '登录时除密码外，还需输入身份验证器 App 中的 6 位动态验证码。'
                : '绑定后，登录时除密码外还需输入身份验证器 App 中的动态验证码，即使密码泄露账号也不会被盗用。'}
            </div>
          </div>
          {me.totpEnabled ? (
            <Button danger onClick={() => setUnbinding(true)}>
              解除绑定
            </Button>
          ) : (
            <Button type="primary" onClick={() => setBinding(true)}>
              绑定身份验证器
            </Button>
          )}
        </div>
      </Card>

      <Card
        title="登录设备"
        variant="borderless"
        extra={<span className={styles.muted}>长时间无操作的登录会自动下线</span>}
      >
        {sessions.isError ? (
          <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : (
          <Table<OpsSession>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={sessions.data}
            loading={sessions.isPending}
            pagination={false}
            locale={{ emptyText: '暂无登录设备' }}
          />
        )}
      </Card>

      <Card title="登录密码" variant="borderless">
        <div className={styles.statusRow}>
          <div className={styles.muted}>定期修改密码；修改后其他设备上的登录将全部下线。</div>
          <Button onClick={() => navigate(PATHS.password)}>修改密码</Button>
        </div>
      </Card>

      <TotpBindModal open={binding} onClose={closeBind} />
      <TotpUnbindModal open={unbinding} onClose={closeUnbind} />
    </PageContainer>
  );
}
