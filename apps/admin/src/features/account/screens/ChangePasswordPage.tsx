import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Code, PASSWORD_MAX, PASSWORD_MIN } from '@mall/shared';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { RequestError, errorMessage } from '../../../lib/request.ts';
import { meQueryKey, useOperator } from '../../../lib/session.ts';
import { changePassword } from '../api/auth.ts';
import styles from './AccountPages.module.css';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * 修改密码: from the account menu, or forced after a one-time password (then the console shows
 * nothing else). This session stays signed in; the server signs out the operator's other sessions.
 */
export default function ChangePasswordPage() {
  const me = useOperator();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const forced = me.mustChangePassword;

  const submit = async ({ oldPassword, newPassword }: Values) => {
    setBusy(true);
    try {
      const result = await changePassword({ oldPassword, newPassword });
      const others = (result as { signedOutSessions?: number } | null)?.signedOutSessions ?? 0;
      void message.success(others > 0 ? `密码已修改，其他 ${others} 处登录已下线` : '密码已修改');
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      if (forced) navigate(PATHS.home, { replace: true });
    } catch (err) {
      const code = err instanceof RequestError ? err.code : undefined;
      const text = errorMessage(err);
      if (code === Code.WRONG_PASSWORD) form.setFields([{ name: 'oldPassword', errors: [text] }]);
      else if (code === Code.WEAK_PASSWORD) form.setFields([{ name: 'newPassword', errors: [text] }]);
      else void message.error(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer
      title="修改密码"
      subTitle={forced ? undefined : '修改后，本设备保持登录，其他设备上的登录将全部下线。'}
    >
      <PageContainer.Section>
        <div className={styles.narrow}>
          {forced ? (
            <Alert
              type="warning"
              showIcon
              className={styles.alert}
              title="请先修改初始密码"
              description="你正在使用管理员发给你的一次性密码。设置只有你自己知道的新密码后，才能使用管理后台的其他功能。"
            />
          ) : null}
          <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
            <Form.Item
              label={forced ? '一次性密码' : '当前密码'}
              name="oldPassword"
              rules={[{ required: true, message: forced ? '请输入一次性密码' : '请输入当前密码' }]}
            >
              <Input.Password
                autoComplete="current-password"
                placeholder={forced ? '管理员发给你的一次性密码' : '当前使用的密码'}
              />
            </Form.Item>
            <Form.Item
              label="新密码"
              name="newPassword"
              extra={`${PASSWORD_MIN}–${PASSWORD_MAX} 个字符；不要使用常见密码或其他网站的密码。`}
              rules={[
                { required: true, message: '请输入新密码' },
                { min: PASSWORD_MIN, max: PASSWORD_MAX, message: `密码长度为 ${PASSWORD_MIN}–${PASSWORD_MAX} 个字符` },
                ({ getFieldValue }) => ({
                  validator: (_, value: string) =>
                    value && value === getFieldValue('oldPassword')
                      ? Promise.reject(new Error('新密码不能与当前密码相同'))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
            </Form.Item>
            <Form.Item
              label="确认新密码"
              name="confirm"
              dependencies={['newPassword']}
              rules={[
                { required: true, message: '请再次输入新密码' },
                ({ getFieldValue }) => ({
                  validator: (_, value: string) =>
                    !value || value === getFieldValue('newPassword')
                      ? Promise.resolve()
                      : Promise.reject(new Error('两次输入的新密码不一致')),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              确认修改
            </Button>
          </Form>
        </div>
      </PageContainer.Section>
    </PageContainer>
  );
}
