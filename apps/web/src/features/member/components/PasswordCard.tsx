import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Tabs } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MAX, PASSWORD_MIN } from '@mall/shared';
import { useSession } from '../../../lib/session.ts';
import { changePassword, sendSecurityCode } from '../api/security.ts';
import { memberKeys } from '../api/memberKeys.ts';
import { SmsCodeField } from '../../../components/CodeButton.tsx';
import { useFeedback } from '../../../lib/feedback.ts';

type Way = 'password' | 'sms';
interface Values {
  oldPassword?: string;
  smsCode?: string;
  newPassword: string;
  confirm: string;
}

const newPasswordRules = [
  { required: true, message: '请填写新密码' },
  { min: PASSWORD_MIN, message: `新密码至少 ${PASSWORD_MIN} 个字符` },
  { max: PASSWORD_MAX, message: `新密码不能超过 ${PASSWORD_MAX} 个字符` },
];

/** 修改登录密码: proven by the old password or by a code sent to the bound mobile. */
export function PasswordCard() {
  const { message } = useFeedback();
  const { user } = useSession();
  const client = useQueryClient();
  const [way, setWay] = useState<Way>('password');
  const [done, setDone] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  const change = useMutation({
    mutationFn: (v: Values) =>
      changePassword(
        way === 'password'
          ? { oldPassword: v.oldPassword, newPassword: v.newPassword }
          : { smsCode: v.smsCode, newPassword: v.newPassword },
      ),
    onSuccess: ({ signedOutSessions }) => {
      const note = signedOutSessions > 0 ? `其他 ${signedOutSessions} 个设备已退出登录` : '其他设备已退出登录';
      setDone(`密码已修改，${note}，请在这些设备上用新密码重新登录。`);
      void message.success('密码已修改');
      form.resetFields();
      void client.invalidateQueries({ queryKey: memberKeys.sessions });
      void client.invalidateQueries({ queryKey: memberKeys.securitySummary });
    },
  });

  const fields = (
    <>
      {way === 'password' ? (
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请填写原密码' }]}>
          <Input.Password placeholder="当前使用的登录密码" autoComplete="current-password" />
        </Form.Item>
      ) : (
        <>
          <Form.Item label="绑定手机">
            <span data-testid="bound-mobile">{user?.mobile || '未绑定'}</span>
          </Form.Item>
          <SmsCodeField
            name="smsCode"
            send={() => sendSecurityCode({ purpose: 'changePassword' })}
            disabled={!user?.mobile}
          />
        </>
      )}
      <Form.Item
        label="新密码"
        name="newPassword"
        rules={newPasswordRules}
        extra={`${PASSWORD_MIN}–${PASSWORD_MAX} 个字符，避免使用常见密码`}
      >
        <Input.Password placeholder="新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次填写新密码' },
          ({ getFieldValue }) => ({
            validator: (_r, v) =>
              !v || v === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error('两次填写的新密码不一致')),
          }),
        ]}
      >
        <Input.Password placeholder="再次填写新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" ">
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          确认修改
        </Button>
      </Form.Item>
    </>
  );

  return (
    <Card title="修改登录密码" data-testid="password-card">
      {done ? (
        <Alert
          type="success"
          showIcon
          closable
          title={done}
          style={{ marginBottom: 16 }}
          onClose={() => setDone(null)}
          data-testid="password-done"
        />
      ) : null}
      <Tabs
        activeKey={way}
        onChange={(k) => {
          setWay(k as Way);
          form.resetFields();
        }}
        items={[
          { key: 'password', label: '原密码验证' },
          { key: 'sms', label: '短信验证码验证' },
        ]}
      />
      <Form<Values>
        form={form}
        labelCol={{ flex: '96px' }}
        labelAlign="left"
        colon={false}
        style={{ maxWidth: 520 }}
        onFinish={(v) => change.mutate(v)}
      >
        {fields}
      </Form>
    </Card>
  );
}
