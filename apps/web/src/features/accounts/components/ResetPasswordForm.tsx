import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Code, MOBILE_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '@mall/shared';
import { CodeButton } from '../../../components/CodeButton.tsx';
import { resetPassword, sendResetCode } from '../api/resetPassword.ts';
import { PasswordInput } from './fields.tsx';
import { placeRefusal, SEND_CODE_PLACES } from './refusal.ts';
import styles from './AuthCard.module.css';

interface Values {
  mobileNumber: string;
  code: string;
  newPassword: string;
  confirm: string;
}

/**
 * 忘记密码: a code to the bound mobile, then the new password. Every session of the member is
 * signed out; `onDone` takes the buyer back to password sign-in with the number filled in.
 */
export function ResetPasswordForm({ onDone, onCancel }: { onDone: (mobileNumber: string) => void; onCancel: () => void }) {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentNote, setSentNote] = useState<string | null>(null);

  async function onFinish({ mobileNumber, code, newPassword }: Values) {
    setSubmitting(true);
    setError(null);
    try {
      await resetPassword({ mobileNumber, code, newPassword });
      onDone(mobileNumber);
    } catch (err) {
      setError(
        placeRefusal(
          form,
          err,
          {
            byCode: { [Code.WEAK_PASSWORD]: 'newPassword', [Code.WRONG_SMS_CODE]: 'code', [Code.SMS_CODE_EXPIRED]: 'code' },
            byWord: [
              [/新密码/, 'newPassword'],
              [/验证码/, 'code'],
              [/手机号/, 'mobileNumber'],
            ],
          },
          '重置密码失败',
        ),
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<Values> form={form} size="large" layout="vertical" requiredMark={false} onFinish={onFinish} aria-label="找回密码">
      <h2 className={styles.title}>找回密码</h2>
      <Typography.Paragraph type="secondary">验证绑定的手机号后设置新密码，所有已登录的设备将退出登录。</Typography.Paragraph>
      <Form.Item
        name="mobileNumber"
        label="手机号"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: MOBILE_PATTERN, message: '手机号格式不正确' },
        ]}
      >
        <Input prefix={<MobileOutlined aria-hidden />} placeholder="绑定的手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required extra={sentNote}>
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
              const { mobileNumber } = await form.validateFields(['mobileNumber']);
              try {
                await sendResetCode(mobileNumber);
                setSentNote('如该手机号已注册，验证码已发送，5 分钟内有效');
              } catch (err) {
                const text = placeRefusal(form, err, SEND_CODE_PLACES, '验证码发送失败');
                if (text) form.setFields([{ name: 'mobileNumber', errors: [text] }]);
                throw err;
              }
            }}
          />
        </div>
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        rules={[
          { required: true, message: '请输入新密码' },
          { min: PASSWORD_MIN, max: PASSWORD_MAX, message: `密码长度为 ${PASSWORD_MIN}–${PASSWORD_MAX} 个字符` },
        ]}
      >
        <PasswordInput label="新密码" placeholder={`${PASSWORD_MIN}–${PASSWORD_MAX} 个字符`} maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <PasswordInput label="确认新密码" placeholder="再次输入新密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        重置密码
      </Button>
      <Button type="link" block onClick={onCancel} style={{ marginTop: 8 }}>
        返回登录
      </Button>
    </Form>
  );
}
