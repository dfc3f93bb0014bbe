import { useEffect } from 'react';
import { Form, Modal } from 'antd';
import { useUpdateOperator } from '../api/updateOperator.ts';
import type { OperatorRow } from '../types.ts';
import { RoleSelect } from './RoleSelect.tsx';

/** 修改角色: takes effect on the operator's next call (their permissions are read on every request). */
export function ChangeRoleModal({ operator, onClose }: { operator: OperatorRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ roleKey: string }>();
  const update = useUpdateOperator();

  useEffect(() => {
    if (operator) form.setFieldsValue({ roleKey: operator.role.key });
  }, [operator, form]);

  const submit = async () => {
    if (!operator) return;
    const { roleKey } = await form.validateFields();
    if (roleKey === operator.role.key) return onClose();
    try {
      await update.mutateAsync({ id: operator.id, roleKey });
      onClose();
    } catch {
      // the request helper has shown the server's message
    }
  };

  return (
    <Modal
      open={Boolean(operator)}
      title={`修改角色：${operator?.displayName ?? ''}（${operator?.username ?? ''}）`}
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      okButtonProps={{ loading: update.isPending }}
      onCancel={onClose}
      width={440}
    >
      <Form form={form} layout="vertical" requiredMark={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="roleKey"
          label="角色"
          extra="保存后立即生效，对方的菜单和可用操作随之变化。"
          rules={[{ required: true, message: '请选择角色' }]}
        >
          <RoleSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
