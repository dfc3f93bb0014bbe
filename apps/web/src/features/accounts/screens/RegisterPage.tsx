import { useState } from 'react';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '@mall/shared';
import { completeRegistration, type CompleteRegistrationInput } from '../api/registerAndLogin.ts';
import { signIn, signOut, useSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';

interface Values extends CompleteRegistrationInput {
  confirm: string;
}

/** Completes the account of a member who signed up by SMS (conventions), then goes home. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { user } = useSession();
  const [submitting, setSubmitting] = useState(false);

  async function onFinish({ confirm: _confirm, ...values }: Values) {
    setSubmitting(true);
    try {
      const tokens = await completeRegistration({
        ...values,
        nickname: values.nickname?.trim() || undefined,
        invitationCode: values.invitationCode?.trim() || undefined,
      });
      await signIn(tokens, storage.getRemember());
      void message.success('注册成功，欢迎来到优选商城');
      void navigate('/', { replace: true });
    } catch {
      // The request helper has shown the reason (username taken, weak password, ...).
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Card style={{ width: 440, flexShrink: 0, boxShadow: '0 8px 24px rgba(92, 60, 122, 0.12)' }} styles={{ body: { padding: '28px 36px 24px' } }}>
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        完善账户信息
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {user?.mobile ? `手机号 ${user.mobile} 已验证，` : ''}设置用户名和密码即可完成注册。
      </Typography.Paragraph>
      <Form<Values> layout="vertical" requiredMark="optional" onFinish={onFinish} size="large">
        <Form.Item
          label="用户名"
          name="username"
          rules={[
            { required: true, message: '请输入用户名' },
            { pattern: USERNAME_PATTERN, message: '用户名须以字母开头，4–20 位字母、数字或下划线' },
          ]}
        >
          <Input placeholder="字母开头，4–20 位字母、数字或下划线" maxLength={20} autoComplete="username" />
        </Form.Item>
        <Form.Item
          label="密码"
          name="password"
          rules={[
            { required: true, message: '请输入密码' },
            { min: PASSWORD_MIN, max: PASSWORD_MAX, message: `密码长度为 ${PASSWORD_MIN}–${PASSWORD_MAX} 个字符` },
          ]}
        >
          <Input.Password placeholder={`${PASSWORD_MIN}–${PASSWORD_MAX} 个字符`} maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password placeholder="再次输入密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="昵称" name="nickname" rules={[{ max: 20, message: '昵称不能超过 20 个字符' }]}>
          <Input placeholder="最多 20 个字符，默认显示用户名" maxLength={20} />
        </Form.Item>
        <Form.Item
          label="邀请码"
          name="invitationCode"
          rules={[{ pattern: /^[A-Za-z0-9]{0,32}$/, message: '邀请码为字母或数字' }]}
        >
          <Input placeholder="如有邀请码请填写" maxLength={32} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          完成注册
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 12 }}>
        <Button type="link" size="small" onClick={() => void signOut((to) => void navigate(to))}>
          换个账号登录
        </Button>
      </div>
    </Card>
  );
}
