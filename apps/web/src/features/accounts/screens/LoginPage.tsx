import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Tabs, Typography } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { MOBILE_PATTERN } from '@mall/shared';
import { storage } from '../../../lib/storage.ts';
import { safeRedirect } from '../../../lib/redirect.ts';
import { loginByPassword } from '../api/loginByPassword.ts';
import { loginBySmsCode } from '../api/registerAndLogin.ts';
import { signIn, useSession } from '../../../lib/session.ts';
import { CodeButton } from '../../../components/CodeButton.tsx';
import { sendVerificationCode } from '../api/sendVerificationCode.ts';

type TabKey = 'password' | 'sms';

interface PasswordValues {
  username: string;
  password: string;
  remember: boolean;
}
interface SmsValues {
  mobileNumber: string;
  code: string;
  remember: boolean;
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const redirect = safeRedirect(params.get('redirect'));
  const remembered = storage.getRememberedLogin();
  const rememberedUsername = remembered && 'username' in remembered ? remembered.username : undefined;
  const rememberedMobile = remembered && 'mobileNumber' in remembered ? remembered.mobileNumber : undefined;
  const [tab, setTab] = useState<TabKey>(
    params.get('tab') === 'sms' || (rememberedMobile && params.get('tab') !== 'password') ? 'sms' : 'password',
  );
  const [submitting, setSubmitting] = useState(false);
  const [smsForm] = Form.useForm<SmsValues>();

  if (user && user.roles.length > 0 && !submitting) return <Navigate to={redirect} replace />;

  async function finish(tokens: Promise<{ accessToken: string; refreshToken: string }>, remember: boolean, login: { username: string } | { mobileNumber: string }) {
    setSubmitting(true);
    try {
      const signedIn = await signIn(await tokens, remember);
      // The remember option decides whether the login is saved locally (spec §5).
      storage.setRememberedLogin(remember ? { ...login, remember: true } : null);
      void navigate(signedIn.roles.length === 0 ? '/register' : redirect, { replace: true });
    } catch {
      // The request helper has already told the buyer what went wrong.
    } finally {
      setSubmitting(false);
    }
  }

  const passwordForm = (
    <Form<PasswordValues>
      size="large"
      initialValues={{ username: rememberedUsername, remember: Boolean(rememberedUsername) }}
      onFinish={(v) => finish(loginByPassword(v), v.remember, { username: v.username.trim() })}
    >
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名或手机号' }]}>
        <Input prefix={<UserOutlined />} placeholder="用户名 / 手机号" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>记住我</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );

  const smsLogin = (
    <Form<SmsValues>
      form={smsForm}
      size="large"
      initialValues={{ mobileNumber: rememberedMobile, remember: Boolean(rememberedMobile) }}
      onFinish={(v) => finish(loginBySmsCode(v), v.remember, { mobileNumber: v.mobileNumber })}
    >
      <Form.Item
        name="mobileNumber"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: MOBILE_PATTERN, message: '手机号格式不正确' },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
            ]}
          >
            <Input prefix={<SafetyOutlined />} placeholder="6 位验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <CodeButton
            send={async () => {
              const { mobileNumber } = await smsForm.validateFields(['mobileNumber']);
              await sendVerificationCode(mobileNumber);
            }}
          />
        </div>
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>记住我</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录 / 注册
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        未注册的手机号验证后将自动创建账号
      </Typography.Paragraph>
    </Form>
  );

  return (
    <Card style={{ width: 400, flexShrink: 0, boxShadow: '0 8px 24px rgba(92, 60, 122, 0.12)' }} styles={{ body: { padding: '24px 32px 32px' } }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        centered
        size="large"
        items={[
          { key: 'password', label: '密码登录', children: passwordForm },
          { key: 'sms', label: '短信登录', children: smsLogin },
        ]}
      />
    </Card>
  );
}
