import { useState } from 'react';
import { Button, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ALL_OPS_PERMISSIONS, OPS_PERMISSIONS } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { useRoles } from '../api/roles.ts';
import { RoleEditorDrawer, type RoleEditing } from '../components/RoleEditorDrawer.tsx';
import styles from '../components/operators.module.css';
import type { RoleRow } from '../types.ts';

const SHOWN = 6;

/** 角色: the shop's roles and what each may do; edit a role's name and permissions, or make a new one. */
export default function RoleListPage() {
  const roles = useRoles();
  const [editing, setEditing] = useState<RoleEditing | null>(null);

  const columns: TableColumnsType<RoleRow> = [
    {
      title: '角色',
      dataIndex: 'name',
      width: 200,
      render: (name: string, r) => (
        <span>
          <span style={{ fontWeight: 500 }}>{name}</span>{' '}
          {r.builtin ? (
            <Tag variant="filled" style={{ marginLeft: 6 }}>
              内置
            </Tag>
          ) : (
            <Tag color="purple" variant="outlined" style={{ marginLeft: 6 }}>
              自定义
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: '权限',
      dataIndex: 'permissions',
      render: (perms: RoleRow['permissions'], r) =>
        !r.editable ? (
          <Tag color="purple">全部权限（{ALL_OPS_PERMISSIONS.length} 项）</Tag>
        ) : perms.length === 0 ? (
          <span className={styles.muted}>无权限</span>
        ) : (
          <div className={styles.permTags}>
            {perms.slice(0, SHOWN).map((p) => (
              <Tag key={p} variant="filled">
                {OPS_PERMISSIONS[p] ?? p}
              </Tag>
            ))}
            {perms.length > SHOWN ? (
              <Tooltip
                title={perms
                  .slice(SHOWN)
                  .map((p) => OPS_PERMISSIONS[p] ?? p)
                  .join('、')}
              >
                <Tag variant="outlined">+{perms.length - SHOWN} 项</Tag>
              </Tooltip>
            ) : null}
          </div>
        ),
    },
    { title: '人员数', dataIndex: 'operatorCount', width: 90, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', role: r })}>
          {r.editable ? '编辑' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <PageContainer
      subTitle="角色决定运营人员能看到的菜单和能做的操作；修改后立即生效。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
          新建角色
        </Button>
      }
    >
      <PageContainer.Section>
        {roles.isError ? (
          <LoadError error={roles.error} onRetry={() => void roles.refetch()} />
        ) : (
          <Table<RoleRow>
            rowKey="key"
            columns={columns}
            dataSource={roles.data}
            loading={roles.isLoading}
            pagination={false}
            locale={{ emptyText: '还没有角色' }}
          />
        )}
      </PageContainer.Section>
      <RoleEditorDrawer editing={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  );
}
