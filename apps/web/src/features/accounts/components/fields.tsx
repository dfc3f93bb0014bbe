import { Checkbox, Form, Input } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';

/**
 * Inputs of the sign-in forms with what a screen reader needs: a Chinese name on every input
 * (the placeholder-only design of the login card has no visible label), icons hidden from it, and
 * the show-password eye named in Chinese.
 */
export function PasswordInput({ label, ...props }: ComponentProps<typeof Input.Password> & { label: string }) {
  return (
    <Input.Password
      aria-label={label}
      prefix={<LockOutlined aria-hidden />}
      iconRender={(visible) =>
        visible ? <EyeOutlined aria-label="隐藏密码" role="button" /> : <EyeInvisibleOutlined aria-label="显示密码" role="button" />
      }
      {...props}
    />
  );
}

export const CONSENT_MESSAGE = '请先阅读并同意《用户协议》和《隐私政策》';

/**
 * The consent box before registering or signing up by code (PIPL: consent before personal data is
 * processed). The agreements open in a new tab so that the form keeps what was typed.
 */
export function ConsentField({ name = 'agreed' }: { name?: string }) {
  return (
    <Form.Item
      name={name}
      valuePropName="checked"
      rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(CONSENT_MESSAGE))) }]}
      style={{ marginBottom: 16 }}
    >
      <Checkbox>
        我已阅读并同意
        <Link to="/agreement/user" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
          《用户协议》
        </Link>
        和
        <Link to="/agreement/privacy" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
          《隐私政策》
        </Link>
      </Checkbox>
    </Form.Item>
  );
}
