import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { errorMessage } from '../../../lib/request.ts';
import { useCreateOperator, type NewOperator } from '../api/createOperator.ts';
import type { OneTimePassword } from '../types.ts';
import { RoleSelect } from './RoleSelect.tsx';

const USERNAME = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;

/** 新建人员: account, name and role; the reply's one-time password goes to `onCreated`, shown once. */
export function CreateOperatorModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (otp: OneTimePassword) => void;
}) {
  const [form] = Form.useForm<NewOperator>();
  const create = useCreateOperator();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      const made = await create.mutateAsync({
        ...values,
        username: values.username.trim(),
        displayName: values.displayName.trim(),
      });
      onClose();
      onCreated({ username: made.operator.username, oneTimePassword: made.oneTimePassword });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal
      open={open}
      title="新建人员"
      okText="创建"
      cancelText="取消"
      onOk={() => void submit()}
      okButtonProps={{ loading: create.isPending }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      width={480}
    >
      <Form form={form} layout="vertical" requiredMark={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="username"
          label="登录账号"
          extra="字母开头，3–32 位字母、数字、下划线、点或连字符；创建后不能修改。"
          rules={[
            { required: true, whitespace: true, message: '请填写登录账号' },
            { pattern: USERNAME, message: '账号以字母开头，3–32 位字母、数字、下划线、点或连字符' },
          ]}
        >
          <Input autoComplete="off" maxLength={32} placeholder="例如 kefu.zhang" />
        </Form.Item>
        <Form.Item
          name="displayName"
          label="姓名"
          rules={[
            { required: true, whitespace: true, message: '请填写姓名' },
            { max: 20, message: '姓名不能超过 20 个字符' },
          ]}
        >
          <Input maxLength={20} placeholder="同事的真实姓名或称呼" />
        </Form.Item>
        <Form.Item name="roleKey" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <RoleSelect />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
      <div style={{ color: 'rgba(0,0,0,0.5)', fontSize: 13, marginTop: error ? 12 : 0 }}>
        创建后会生成一次性密码，只显示一次；对方首次登录时必须修改。
      </div>
    </Modal>
  );
}
