import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Tabs, Typography } from 'antd';
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Code } from '@mall/shared';
import { BrandMark } from '../../../components/BrandMark.tsx';
import { safeRedirect } from '../../../lib/paths.ts';
import { RequestError, errorMessage } from '../../../lib/request.ts';
import { documentTitle } from '../../../lib/routeMeta.ts';
import { acceptSignIn } from '../../../lib/session.ts';
import { login } from '../api/auth.ts';
import { SupplierLoginForm } from '../components/SupplierLoginForm.tsx';
import styles from './LoginPage.module.css';

interface Credentials {
  username: string;
  password: string;
}

/**
 * 登录, two tabs: 运营人员登录 and 供应商登录 (`?tab=supplier`, components/SupplierLoginForm.tsx).
 * Operators: username and password; when the account has an authenticator bound the server answers
 * 110001 and a second step asks for its 6-digit code, resubmitted with the same credentials.
 */
export default function LoginPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'supplier' ? 'supplier' : 'operator';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Credentials>();
  const [codeForm] = Form.useForm<{ totpCode: string }>();
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    document.title = documentTitle('登录');
  }, []);

  const submit = async (creds: Credentials, totpCode?: string) => {
    setBusy(true);
    setAlert(null);
    try {
      const result = await login({ ...creds, ...(totpCode ? { totpCode } : {}) });
      acceptSignIn(queryClient, result);
      navigate(redirect, { replace: true });
    } catch (err) {
      const code = err instanceof RequestError ? err.code : undefined;
      const message = errorMessage(err, '登录失败，请稍后再试');
      if (code === Code.OPS_TOTP_REQUIRED) {
        setCredentials(creds);
        setStep('totp');
      } else if (code === Code.OPS_TOTP_WRONG) {
        codeForm.setFields([{ name: 'totpCode', value: '', errors: [message] }]);
      } else if (code === Code.BAD_CREDENTIALS) {
        // Back to the first step: the password (or the account) is what was wrong.
        setStep('password');
        form.setFields([{ name: 'password', value: '', errors: [message] }]);
      } else {
        // Locked (with the minutes left), disabled, too many tries, network: the server's words.
        setAlert(message);
      }
    } finally {
      setBusy(false);
    }
  };

  const backToPassword = () => {
    setStep('password');
    setAlert(null);
    codeForm.resetFields();
  };

  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <BrandMark size={44} />
          <div>
            <div className={styles.brandName}>优选商城管理后台</div>
            <div className={styles.brandSub}>{tab === 'supplier' ? '供应商登录' : '运营人员登录'}</div>
          </div>
        </div>

        {step === 'password' ? (
          <Tabs
            activeKey={tab}
            centered
            className={styles.tabs}
            onChange={(key) =>
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (key === 'supplier') next.set('tab', 'supplier');
                  else next.delete('tab');
                  return next;
                },
                { replace: true },
              )
            }
            items={[
              { key: 'operator', label: '运营人员登录' },
              { key: 'supplier', label: '供应商登录' },
            ]}
          />
        ) : null}

        {tab === 'supplier' && step === 'password' ? (
          <SupplierLoginForm redirect={redirect} />
        ) : alert ? (
          <Alert type="error" showIcon title={alert} className={styles.alert} />
        ) : null}

        {tab === 'supplier' && step === 'password' ? null : step === 'password' ? (
          // Keyed: the two steps are different forms, and rc-field-form binds a <Form> to the first
          // instance it was given, so an unkeyed swap would keep the password form's store.
          <Form<Credentials>
            key="password"
            form={form}
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={(values) => void submit(values)}
            initialValues={credentials ?? undefined}
          >
            <Form.Item
              label="用户名"
              name="username"
              rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
            >
              <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} className={styles.submit}>
              登录
            </Button>
          </Form>
        ) : (
          <Form<{ totpCode: string }>
            key="totp"
            form={codeForm}
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={({ totpCode }) => credentials && void submit(credentials, totpCode)}
          >
            <div className={styles.stepHead}>
              <SafetyCertificateOutlined className={styles.stepIcon} />
              <div>
                <Typography.Text strong>两步验证</Typography.Text>
                <div className={styles.stepHint}>
                  请打开身份验证器 App，输入「优选商城」账号 <b>{credentials?.username}</b> 当前显示的 6 位动态验证码。
                </div>
              </div>
            </div>
            <Form.Item
              label="动态验证码"
              name="totpCode"
              rules={[
                { required: true, message: '请输入动态验证码' },
                { pattern: /^\d{6}$/, message: '动态验证码为 6 位数字' },
              ]}
            >
              <Input.OTP
                length={6}
                autoComplete="one-time-code"
                aria-label="动态验证码"
                formatter={(v) => v.replace(/\D/g, '')}
                onChange={(value) => {
                  // A complete code signs in at once, as authenticator users expect.
                  if (/^\d{6}$/.test(value)) codeForm.submit();
                }}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} className={styles.submit}>
              验证并登录
            </Button>
            <Button type="link" block onClick={backToPassword} disabled={busy}>
              返回重新输入账号密码
            </Button>
          </Form>
        )}
      </div>
      <div className={styles.footer}>
        {tab === 'supplier'
          ? '仅限已入驻的供应商使用 · 尚未入驻？请在商城「供应商入驻」提交申请'
          : '仅限授权的运营人员使用 · 所有操作均记录在操作日志中'}
      </div>
    </div>
  );
}
