import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { SMS_RESEND_SECONDS } from '@mall/shared';

/**
 * 获取验证码 with the 60 s resend countdown. `send` resolves once the server took the request and
 * rejects when it refused (the request helper has shown why), in which case no countdown starts.
 */
export function CodeButton({ send, disabled }: { send: () => Promise<unknown>; disabled?: boolean }) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function onClick() {
    setSending(true);
    try {
      await send();
      void message.success('验证码已发送');
      setLeft(SMS_RESEND_SECONDS);
    } catch {
      // Shown by the request helper, or by the caller's form validation.
    } finally {
      setSending(false);
    }
  }

  return (
    <Button
      onClick={onClick}
      disabled={disabled || left > 0}
      loading={sending}
      style={{ width: 152, flexShrink: 0, paddingInline: 8 }}
    >
      {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}
