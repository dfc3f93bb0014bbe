import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { Code, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '@mall/shared';
import { RequestError } from '../../../lib/request.ts';
import { signIn, signOut, useSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';
import { completeRegistration, type CompleteRegistrationInput } from '../api/registerAndLogin.ts';
import { suggestUsername, useSuggestedUsername } from '../api/suggestUsername.ts';
import { ConsentField, PasswordInput } from '../components/fields.tsx';
import { placeRefusal, type RefusalPlaces } from '../components/refusal.ts';
import styles from '../components/AuthCard.module.css';
import { useFeedback } from '../../../lib/feedback.ts';

interface Values extends CompleteRegistrationInput {
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
 * Completes the account of a member who signed up by SMS (conventions), then goes home (spec §2). The
 * username comes suggested (a free one, from the mobile's tail), the password is typed once with an eye
 * to check it, and on a phone 完成注册 stays on screen at the bottom.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** A free name offered beside 用户名已被占用. */
  const [alternative, setAlternative] = useState<string | null>(null);
  const suggested = useSuggestedUsername().data;

  // The suggestion fills the field once it comes, unless the buyer has typed a name already.
  useEffect(() => {
    if (suggested && !form.isFieldTouched('username') && !form.getFieldValue('username')) form.setFieldsValue({ username: suggested });
  }, [suggested, form]);

  async function offerAlternative(taken: string) {
    try {
      setAlternative(await suggestUsername(USERNAME_PATTERN.test(taken) ? taken : undefined));
    } catch {
      setAlternative(null);
    }
  }

  async function onFinish({ agreed: _agreed, ...values }: Values) {
    setSubmitting(true);
    setError(null);
    try {
      const tokens = await completeRegistration({
        ...values,
        nickname: values.nickname?.trim() || undefined,
        invitationCode: values.invitationCode?.trim() || undefined,
      });
      await signIn(tokens, storage.getRemember());
      await navigate('/', { replace: true });
      // After moving: a toast raised before would be taken away with the page it was raised on.
      void message.success('注册成功，欢迎来到优选商城');
    } catch (err) {
      setError(placeRefusal(form, err, PLACES, '注册失败'));
      if (err instanceof RequestError && err.code === Code.USERNAME_TAKEN) void offerAlternative(values.username);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Card className={`${styles.card} ${styles.wide}`} styles={{ body: { padding: 0 } }}>
      <div className={styles.body}>
        <h1 className={styles.title}>完善账户信息</h1>
        <Typography.Paragraph type="secondary" className={styles.lead}>
          {user?.mobile ? `手机号 ${user.mobile} 已验证，` : ''}设置密码即可完成注册。
        </Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark="optional"
          onFinish={onFinish}
          onValuesChange={(changed) => {
            if ('username' in changed) setAlternative(null);
          }}
          size="large"
          initialValues={{ agreed: false }}
          className={styles.compactForm}
        >
          <Form.Item
            label="用户名"
            name="username"
            extra={
              alternative ? (
                <span data-testid="username-alternative">
                  可用：{alternative}
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      form.setFields([{ name: 'username', value: alternative, errors: [] }]);
                      setAlternative(null);
                    }}
                  >
                    使用这个
                  </Button>
                </span>
              ) : suggested ? (
                '已为你推荐一个可用的用户名，可修改'
              ) : undefined
            }
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
            <PasswordInput label="密码" placeholder={`${PASSWORD_MIN}–${PASSWORD_MAX} 个字符，点眼睛可查看`} maxLength={PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
          <div className={styles.optionalRow}>
            <Form.Item label="昵称" name="nickname" rules={[{ max: 20, message: '昵称不能超过 20 个字符' }]}>
              <Input placeholder="默认显示用户名" maxLength={20} />
            </Form.Item>
            <Form.Item label="邀请码" name="invitationCode" rules={[{ pattern: /^[A-Za-z0-9]{0,32}$/, message: '邀请码为字母或数字' }]}>
              <Input placeholder="如有请填写" maxLength={32} />
            </Form.Item>
          </div>
          <ConsentField />
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
          <div className={styles.submitBar}>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              完成注册
            </Button>
          </div>
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
