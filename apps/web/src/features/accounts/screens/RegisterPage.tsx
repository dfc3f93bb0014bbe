import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { Code, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '@mall/shared';
import { safeRedirect } from '../../../lib/redirect.ts';
import { signIn, signOut, useSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';
import { completeRegistration, type CompleteRegistrationInput } from '../api/registerAndLogin.ts';
import { ConsentField, PasswordInput } from '../components/fields.tsx';
import { placeRefusal, type RefusalPlaces } from '../components/refusal.ts';
import styles from '../components/AuthCard.module.css';
import { useFeedback } from '../../../lib/feedback.ts';

interface Values extends CompleteRegistrationInput {
  confirm: string;
  agreed: boolean;
}

const PLACES: RefusalPlaces<Values> = {
  byCode: { [Code.WEAK_PASSWORD]: 'password', [Code.USERNAME_TAKEN]: 'username' },
  byWord: [
    [/用户名/, 'username'],
    [/密码/, 'password'],
    [/昵称/, 'nickname'],
    [/邀请码/, 'invitationCode'],
  ],
};

/**
 * Completes the account of a member who signed up by SMS (conventions), then goes back to where the
 * buyer was before signing in (`redirect`), or home.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = useFeedback();
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const redirect = safeRedirect(params.get('redirect'));

  async function onFinish({ confirm: _confirm, agreed: _agreed, ...values }: Values) {
    setSubmitting(true);
    setError(null);
    try {
      const tokens = await completeRegistration({
        ...values,
        nickname: values.nickname?.trim() || undefined,
        invitationCode: values.invitationCode?.trim() || undefined,
      });
      await signIn(tokens, storage.getRemember());
      await navigate(redirect, { replace: true });
      // After moving: a toast raised before would be taken away with the page it was raised on.
      void message.success('注册成功，欢迎来到优选商城');
    } catch (err) {
      setError(placeRefusal(form, err, PLACES, '注册失败'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Card className={`${styles.card} ${styles.wide}`} styles={{ body: { padding: 0 } }}>
      <div className={styles.body}>
        <h1 className={styles.title}>完善账户信息</h1>
        <Typography.Paragraph type="secondary">
          {user?.mobile ? `手机号 ${user.mobile} 已验证，` : ''}设置用户名和密码即可完成注册。
        </Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" requiredMark="optional" onFinish={onFinish} size="large" initialValues={{ agreed: false }}>
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
            <PasswordInput label="密码" placeholder={`${PASSWORD_MIN}–${PASSWORD_MAX} 个字符`} maxLength={PASSWORD_MAX} autoComplete="new-password" />
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
            <PasswordInput label="确认密码" placeholder="再次输入密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="昵称" name="nickname" rules={[{ max: 20, message: '昵称不能超过 20 个字符' }]}>
            <Input placeholder="最多 20 个字符，默认显示用户名" maxLength={20} />
          </Form.Item>
          <Form.Item label="邀请码" name="invitationCode" rules={[{ pattern: /^[A-Za-z0-9]{0,32}$/, message: '邀请码为字母或数字' }]}>
            <Input placeholder="如有邀请码请填写" maxLength={32} />
          </Form.Item>
          <ConsentField />
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            完成注册
          </Button>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <Button type="link" size="small" onClick={() => void signOut((to) => void navigate(to))}>
            换个账号登录
          </Button>
        </div>
      </div>
    </Card>
  );
}
