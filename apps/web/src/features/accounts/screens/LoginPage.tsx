import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Tabs, Typography } from 'antd';
import { MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Code, MOBILE_PATTERN, type CancellingSignIn, type TokenPair } from '@mall/shared';
import { RequestError } from '../../../lib/request.ts';
import { CancellingDialog } from '../components/CancellingDialog.tsx';
import { CodeButton } from '../../../components/CodeButton.tsx';
import { safeRedirect } from '../../../lib/redirect.ts';
import { signIn, useSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';
import { loginByPassword } from '../api/loginByPassword.ts';
import { loginBySmsCode } from '../api/registerAndLogin.ts';
import { sendVerificationCode } from '../api/sendVerificationCode.ts';
import { ConsentField, PasswordInput } from '../components/fields.tsx';
import { placeRefusal, SEND_CODE_PLACES, type RefusalPlaces } from '../components/refusal.ts';
import { ResetPasswordForm } from '../components/ResetPasswordForm.tsx';
import styles from '../components/AuthCard.module.css';
import { useFeedback } from '../../../lib/feedback.ts';

type TabKey = 'password' | 'sms' | 'reset';

interface PasswordValues {
  username: string;
  password: string;
  remember: boolean;
}
interface SmsValues {
  mobileNumber: string;
  code: string;
  remember: boolean;
  agreed: boolean;
}

const PASSWORD_PLACES: RefusalPlaces<PasswordValues> = {
  byCode: { [Code.BAD_CREDENTIALS]: 'password', [Code.ACCOUNT_LOCKED]: 'password' },
  byWord: [
    [/用户名/, 'username'],
    [/密码/, 'password'],
  ],
};
const SMS_PLACES: RefusalPlaces<SmsValues> = {
  byCode: { [Code.WRONG_SMS_CODE]: 'code', [Code.SMS_CODE_EXPIRED]: 'code' },
  byWord: [
    [/手机号/, 'mobileNumber'],
    [/验证码/, 'code'],
  ],
};

function initialTab(param: string | null, rememberedMobile: string | undefined): TabKey {
  if (param === 'sms' || param === 'reset' || param === 'password') return param;
  return rememberedMobile ? 'sms' : 'password';
}

/**
 * 密码登录 / 短信登录 (which also signs a new number up) and 忘记密码. After signing in the buyer goes
 * back to `redirect` (the page they were on); a new member completes the account at /register, which
 * leads home (spec §2).
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const { user } = useSession();
  const redirect = safeRedirect(params.get('redirect'));
  const remembered = storage.getRememberedLogin();
  const rememberedUsername = remembered && 'username' in remembered ? remembered.username : undefined;
  const rememberedMobile = remembered && 'mobileNumber' in remembered ? remembered.mobileNumber : undefined;
  const [tab, setTab] = useState<TabKey>(initialTab(params.get('tab'), rememberedMobile));
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The number whose password was just reset: password sign-in opens with it. */
  const [resetMobile, setResetMobile] = useState<string | null>(null);
  /** A sign-in refused because the account is 注销中: the dialog offering 撤销注销. */
  const [cancelling, setCancelling] = useState<{ message: string; data: CancellingSignIn; remember: boolean } | null>(null);
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [smsForm] = Form.useForm<SmsValues>();

  // Back from 忘记密码: password sign-in opens with the number just reset (once its form is mounted).
  useEffect(() => {
    if (tab === 'password' && resetMobile) passwordForm.setFieldsValue({ username: resetMobile, password: '' });
  }, [tab, resetMobile, passwordForm]);

  if (user && user.roles.length > 0 && !submitting) return <Navigate to={redirect} replace />;

  async function finish<T>(
    form: ReturnType<typeof Form.useForm<T>>[0],
    places: RefusalPlaces<T>,
    tokens: () => Promise<TokenPair>,
    remember: boolean,
    login: { username: string } | { mobileNumber: string },
  ) {
    setSubmitting(true);
    setError(null);
    try {
      const signedIn = await signIn(await tokens(), remember);
      // The remember option decides whether the login is saved locally (spec §5).
      storage.setRememberedLogin(remember ? { ...login, remember: true } : null);
      // A new member completes the account first, and goes home from there (spec §2).
      void navigate(signedIn.roles.length === 0 ? '/register' : redirect, { replace: true });
    } catch (err) {
      if (err instanceof RequestError && err.code === Code.ACCOUNT_CANCELLING && err.data) {
        setCancelling({ message: err.message, data: err.data as CancellingSignIn, remember });
        return;
      }
      setError(placeRefusal(form, err, places, '登录失败'));
    } finally {
      setSubmitting(false);
    }
  }

  const switchTab = (next: TabKey) => {
    setError(null);
    setTab(next);
  };

  const formError = error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null;

  const passwordLogin = (
    <Form<PasswordValues>
      form={passwordForm}
      size="large"
      aria-label="密码登录"
      initialValues={{ username: rememberedUsername, remember: Boolean(rememberedUsername) }}
      onFinish={(v) =>
        finish(passwordForm, PASSWORD_PLACES, () => loginByPassword(v), v.remember, { username: v.username.trim() })
      }
    >
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名或手机号' }]}>
        <Input
          prefix={<UserOutlined aria-hidden />}
          placeholder="用户名 / 手机号"
          aria-label="用户名或手机号"
          autoComplete="username"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <PasswordInput label="密码" placeholder="密码" autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <div className={styles.links}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>记住我</Checkbox>
        </Form.Item>
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => switchTab('reset')}>
          忘记密码？
        </Button>
      </div>
      {formError}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, textAlign: 'center' }}>
        还没有账号？
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => switchTab('sms')}>
          免费注册
        </Button>
      </Typography.Paragraph>
    </Form>
  );

  const smsLogin = (
    <Form<SmsValues>
      form={smsForm}
      size="large"
      aria-label="短信登录"
      initialValues={{ mobileNumber: rememberedMobile, remember: Boolean(rememberedMobile), agreed: false }}
      onFinish={(v) =>
        finish(smsForm, SMS_PLACES, () => loginBySmsCode(v), v.remember, { mobileNumber: v.mobileNumber })
      }
    >
      <Form.Item
        name="mobileNumber"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: MOBILE_PATTERN, message: '手机号格式不正确' },
        ]}
      >
        <Input
          prefix={<MobileOutlined aria-hidden />}
          placeholder="手机号"
          aria-label="手机号"
          maxLength={11}
          inputMode="numeric"
          autoComplete="tel"
        />
      </Form.Item>
      <Form.Item required>
        <div className={styles.codeRow}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
            ]}
          >
            <Input
              prefix={<SafetyOutlined aria-hidden />}
              placeholder="6 位验证码"
              aria-label="验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <CodeButton
            send={async () => {
              const { mobileNumber } = await smsForm.validateFields(['mobileNumber']);
              try {
                await sendVerificationCode(mobileNumber);
              } catch (err) {
                const text = placeRefusal(smsForm, err, SEND_CODE_PLACES, '验证码发送失败');
                if (text) smsForm.setFields([{ name: 'mobileNumber', errors: [text] }]);
                throw err;
              }
            }}
          />
        </div>
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>记住我</Checkbox>
      </Form.Item>
      <ConsentField />
      {formError}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录 / 注册
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        未注册的手机号验证后将自动创建账号
      </Typography.Paragraph>
    </Form>
  );

  return (
    <Card className={styles.card} styles={{ body: { padding: 0 } }}>
      <CancellingDialog
        refusal={cancelling}
        onClose={() => setCancelling(null)}
        onRevoked={async (tokens, remember) => {
          setSubmitting(true);
          try {
            await signIn(tokens, remember);
            void message.success('已撤销注销，欢迎回来');
            void navigate(redirect, { replace: true });
          } finally {
            setSubmitting(false);
          }
        }}
      />
      <div className={styles.body}>
        {notice ? <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} data-testid="login-notice" /> : null}
        {tab === 'reset' ? (
          <ResetPasswordForm
            onCancel={() => switchTab('password')}
            onDone={(mobileNumber) => {
              setResetMobile(mobileNumber);
              switchTab('password');
              void message.success('密码已重置，所有设备已退出登录，请使用新密码登录');
            }}
          />
        ) : (
          <Tabs
            activeKey={tab}
            onChange={(k) => switchTab(k as TabKey)}
            centered
            size="large"
            items={[
              { key: 'password', label: '密码登录', children: passwordLogin },
              { key: 'sms', label: '短信登录', children: smsLogin },
            ]}
          />
        )}
      </div>
    </Card>
  );
}
