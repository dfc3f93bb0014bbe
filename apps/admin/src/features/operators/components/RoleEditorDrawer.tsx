import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Form, Input, Space } from 'antd';
import { ALL_OPS_PERMISSIONS, OPS_PERMISSIONS, type OpsPermission } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { useSaveRole } from '../api/roles.ts';
import { permissionGroups } from '../permissionGroups.ts';
import type { RoleRow } from '../types.ts';
import styles from './operators.module.css';

export type RoleEditing = { mode: 'create' } | { mode: 'edit'; role: RoleRow };

interface RoleForm {
  name: string;
  permissions: OpsPermission[];
}

/** One area's permissions with a 全选 box; read-only for 超级管理员. */
function PermissionGroup({
  title,
  permissions,
  value,
  onChange,
  readOnly,
}: {
  title: string;
  permissions: OpsPermission[];
  value: OpsPermission[];
  onChange: (next: OpsPermission[]) => void;
  readOnly: boolean;
}) {
  const chosen = permissions.filter((p) => value.includes(p));
  const all = chosen.length === permissions.length;
  return (
    <div className={styles.group} data-testid={`perm-group-${title}`}>
      <div className={styles.groupHead}>
        <span>{title}</span>
        <Checkbox
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          disabled={readOnly}
          onChange={(e) =>
            onChange(
              e.target.checked
                ? [...new Set([...value, ...permissions])]
                : value.filter((p) => !permissions.includes(p)),
            )
          }
        >
          全选
        </Checkbox>
      </div>
      <div className={styles.perm}>
        {permissions.map((p) => (
          <Checkbox
            key={p}
            checked={value.includes(p)}
            disabled={readOnly}
            onChange={(e) => onChange(e.target.checked ? [...value, p] : value.filter((x) => x !== p))}
          >
            {OPS_PERMISSIONS[p]}
            <span className={styles.permKey}>{p}</span>
          </Checkbox>
        ))}
      </div>
    </div>
  );
}

function PermissionsInput({
  value = [],
  onChange,
  readOnly,
}: {
  value?: OpsPermission[];
  onChange?: (v: OpsPermission[]) => void;
  readOnly: boolean;
}) {
  return (
    <div className={styles.groups}>
      {permissionGroups().map((g) => (
        <PermissionGroup
          key={g.title}
          title={g.title}
          permissions={g.permissions}
          value={value}
          onChange={(next) => onChange?.(ALL_OPS_PERMISSIONS.filter((p) => next.includes(p)))}
          readOnly={readOnly}
        />
      ))}
    </div>
  );
}

/** 新建角色 / 编辑角色: a name and permissions by area. 超级管理员 is shown with everything, read-only. */
export function RoleEditorDrawer({ editing, onClose }: { editing: RoleEditing | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleForm>();
  const save = useSaveRole();
  const [error, setError] = useState<string | null>(null);
  const role = editing?.mode === 'edit' ? editing.role : null;
  const readOnly = Boolean(role && !role.editable);

  useEffect(() => {
    if (!editing) return;
    setError(null);
    form.setFieldsValue(role ? { name: role.name, permissions: role.permissions } : { name: '', permissions: [] });
  }, [editing, role, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      await save.mutateAsync({ key: role?.key, name: values.name.trim(), permissions: values.permissions ?? [] });
      void message.success(role ? '角色已保存，拥有该角色的人员立即生效' : '角色已创建');
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Drawer
      open={Boolean(editing)}
      onClose={onClose}
      size={720}
      title={readOnly ? `查看角色：${role?.name}` : role ? `编辑角色：${role.name}` : '新建角色'}
      destroyOnHidden
      footer={
        readOnly ? null : (
          <Space style={{ float: 'right' }}>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              保存
            </Button>
          </Space>
        )
      }
    >
      {readOnly ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="超级管理员始终拥有全部权限，不能修改。" />
      ) : role?.operatorCount ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`有 ${role.operatorCount} 位人员使用该角色，保存后他们的权限立即变化。`}
        />
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} disabled={readOnly}>
        <Form.Item
          name="name"
          label="角色名称"
          rules={[
            { required: true, whitespace: true, message: '请填写角色名称' },
            { max: 20, message: '角色名称不能超过 20 个字符' },
          ]}
        >
          <Input maxLength={20} placeholder="例如：商品编辑" style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label="权限"
          extra={readOnly ? undefined : '不勾选任何权限的角色只能登录和管理自己的账号。'}
        >
          <PermissionsInput readOnly={readOnly} />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
    </Drawer>
  );
}
