import { useEffect, useState } from 'react';
import { Button, App, type FormInstance } from 'antd';
import { SMS_RESEND_SECONDS } from '@mall/shared';
import { sendVerificationCode } from '../api/sendVerificationCode.ts';

/** 获取验证码 with the 60 s resend countdown; checks the mobile field of `form` first. */
export function SmsCodeButton({ form, field = 'mobileNumber' }: { form: FormInstance; field?: string }) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function send() {
    let mobileNumber: string;
    try {
      mobileNumber = (await form.validateFields([field]))[field];
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendVerificationCode(mobileNumber);
      void message.success('验证码已发送');
      setLeft(SMS_RESEND_SECONDS);
    } catch {
      // Shown by the request helper (server message or 验证码发送失败).
    } finally {
      setSending(false);
    }
  }

  return (
    <Button onClick={send} disabled={left > 0} loading={sending} style={{ width: 152, flexShrink: 0, paddingInline: 8 }}>
      {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}
