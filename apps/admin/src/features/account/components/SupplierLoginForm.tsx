import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, ShopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Code } from '@mall/shared';
import { RequestError, errorMessage } from '../../../lib/request.ts';
import { acceptSignIn } from '../../../lib/session.ts';
import { supplierLogin } from '../api/auth.ts';
import styles from '../screens/LoginPage.module.css';

interface Values {
  account: string;
  password: string;
}

/**
 * 供应商登录: an approved supplier signs in with its shop member account (username or mobile and
 * password, the member's lockout rules) and lands in its store's corner (本店商品, 本店订单).
 */
export function SupplierLoginForm({ redirect }: { redirect: string }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    setAlert(null);
    try {
      const result = await supplierLogin({ account: values.account.trim(), password: values.password });
      acceptSignIn(queryClient, result);
      // The shop's screens are not the store's: a redirect into them would only say 无权访问.
      navigate(redirect.startsWith('/store/') ? redirect : '/', { replace: true });
    } catch (err) {
      const code = err instanceof RequestError ? err.code : undefined;
      const message = errorMessage(err, '登录失败，请稍后再试');
      if (code === Code.BAD_CREDENTIALS) form.setFields([{ name: 'password', value: '', errors: [message] }]);
      else setAlert(message); // not a supplier, locked (with the minutes left), disabled, network
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {alert ? (
        <Alert type="error" showIcon title={alert} className={styles.alert} data-testid="supplier-login-error" />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(v) => void submit(v)}
        onValuesChange={() => setAlert(null)}
      >
        <Form.Item
          label="商城账号"
          name="account"
          extra="已入驻供应商使用在商城注册的用户名或手机号登录"
          rules={[
            { required: true, whitespace: true, message: '请输入用户名或手机号' },
            { max: 64, message: '账号不能超过 64 个字符' },
          ]}
        >
          <Input prefix={<ShopOutlined />} placeholder="用户名 / 手机号" autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item label="登录密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="商城账号的登录密码" autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} className={styles.submit}>
          供应商登录
        </Button>
      </Form>
    </>
  );
}
