import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { SMS_RESEND_SECONDS } from '@mall/shared';
import { useFeedback } from '../lib/feedback.ts';

/**
 * 获取验证码 with the 60 s resend countdown. `send` resolves once the server took the request and
 * rejects when it refused (the request helper has shown why), in which case no countdown starts.
 */
export function CodeButton({ send, disabled }: { send: () => Promise<unknown>; disabled?: boolean }) {
  const { message } = useFeedback();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  // Busy from the click to the end of the countdown: clicks that arrive before React re-renders the
  // button as disabled (a double click) send nothing.
  const busy = useRef(false);

  useEffect(() => {
    if (left <= 0) {
      busy.current = false;
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function onClick() {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      await send();
      void message.success('验证码已发送');
      setLeft(SMS_RESEND_SECONDS);
    } catch {
      // Shown by the request helper, or by the caller's form validation.
      busy.current = false;
    } finally {
      setSending(false);
    }
  }

  return (
    // Text rather than antd's loading spinner: the spinner's leave animation can linger beside the countdown.
    <Button
      onClick={onClick}
      disabled={disabled || sending || left > 0}
      style={{ width: 152, flexShrink: 0, paddingInline: 8 }}
    >
      {sending ? '发送中…' : left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}

/**
 * The 验证码 row of a form: a 6-digit code input named `name` beside the countdown button.
 * `send` asks the server for a code (see CodeButton).
 */
export function SmsCodeField({
  name,
  send,
  disabled,
}: {
  name: string;
  send: () => Promise<unknown>;
  disabled?: boolean;
}) {
  return (
    <Form.Item label="验证码" required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name={name}
          noStyle
          rules={[
            { required: true, message: '请填写验证码' },
            { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
          ]}
        >
          <Input placeholder="6 位验证码" maxLength={6} inputMode="numeric" />
        </Form.Item>
        <CodeButton send={send} disabled={disabled} />
      </Space.Compact>
    </Form.Item>
  );
}
