import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Steps, Typography } from 'antd';
import { Code } from '@mall/shared';
import { RequestError, errorMessage } from '../../../lib/request.ts';
import { useTotpDisable, useTotpEnable, useTotpSetup } from '../api/totp.ts';
import type { OpsTotpSetup } from '../types.ts';
import { QrCode } from './QrCode.tsx';
import styles from '../screens/AccountPages.module.css';

const CODE_RULES = [
  { required: true, message: '请输入动态验证码' },
  { pattern: /^\d{6}$/, message: '动态验证码为 6 位数字' },
];

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string) {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function codeError(err: unknown) {
  return err instanceof RequestError && err.code === Code.OPS_TOTP_WRONG
    ? '动态验证码错误，请输入 App 当前显示的验证码'
    : errorMessage(err);
}

/**
 * 绑定身份验证器: the current password first (a borrowed session alone cannot bind one), then a new secret
 * as a QR code (and as text), then a code from the app confirms it.
 */
export function TotpBindModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [data, setData] = useState<OpsTotpSetup | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const [passwordForm] = Form.useForm<{ password: string }>();

  useEffect(() => {
    if (!open) return;
    setData(null);
    form.resetFields();
    passwordForm.resetFields();
  }, [open, form, passwordForm]);

  const start = async ({ password }: { password: string }) => {
    try {
      setData(await setup.mutateAsync(password));
    } catch (err) {
      passwordForm.setFields([{ name: 'password', value: '', errors: [errorMessage(err)] }]);
    }
  };

  const confirm = async ({ code }: { code: string }) => {
    try {
      await enable.mutateAsync(code);
      void message.success('已绑定身份验证器，下次登录时需要输入动态验证码');
      onClose();
    } catch (err) {
      form.setFields([{ name: 'code', value: '', errors: [codeError(err)] }]);
    }
  };

  return (
    <Modal
      open={open}
      title="绑定身份验证器"
      onCancel={onClose}
      width={560}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        data ? (
          <Button key="ok" type="primary" loading={enable.isPending} onClick={() => form.submit()}>
            确认绑定
          </Button>
        ) : (
          <Button key="next" type="primary" loading={setup.isPending} onClick={() => passwordForm.submit()}>
            下一步
          </Button>
        ),
      ]}
    >
      <Steps
        size="small"
        current={data ? 1 : 0}
        style={{ margin: '8px 0 20px' }}
        items={[{ title: '验证身份' }, { title: '扫码添加' }, { title: '输入验证码' }]}
      />
      {data ? (
        <>
          <p className={styles.muted}>
            使用任意支持 TOTP 的身份验证器 App（如 Google Authenticator、Microsoft
            Authenticator、腾讯身份验证器）扫描下方二维码；无法扫码时，可在 App 中手动输入密钥。
          </p>
          <div className={styles.qrRow}>
            <QrCode text={data.otpauthUrl} className={styles.qr} />
            <div>
              <div className={styles.muted}>手动输入的密钥</div>
              <Typography.Paragraph
                copyable={{ text: data.secret, tooltips: ['复制密钥', '已复制'] }}
                className={styles.secret}
                data-testid="totp-secret"
              >
                {grouped(data.secret)}
              </Typography.Paragraph>
              <div className={styles.muted}>类型：基于时间（TOTP），6 位数字，30 秒刷新</div>
            </div>
          </div>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            style={{ marginTop: 20 }}
            onFinish={(v) => void confirm(v)}
          >
            <Form.Item label="App 显示的 6 位动态验证码" name="code" rules={CODE_RULES}>
              <Input.OTP length={6} autoComplete="one-time-code" formatter={(v) => v.replace(/\D/g, '')} />
            </Form.Item>
          </Form>
        </>
      ) : (
        <Form form={passwordForm} layout="vertical" requiredMark={false} onFinish={(v) => void start(v)}>
          <p className={styles.muted}>绑定前请输入当前登录密码，确认是你本人操作。</p>
          <Form.Item label="当前密码" name="password" rules={[{ required: true, message: '请输入当前密码' }]}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 解除绑定: asks a current code, so that a borrowed session alone cannot remove the second step. */
export function TotpUnbindModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const disable = useTotpDisable();
  const [form] = Form.useForm<{ code: string }>();
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async ({ code }: { code: string }) => {
    setRefusal(null);
    try {
      await disable.mutateAsync(code);
      void message.success('已解除绑定身份验证器');
      onClose();
    } catch (err) {
      if (err instanceof RequestError && err.code === Code.OPS_TOTP_WRONG) {
        form.setFields([{ name: 'code', value: '', errors: [codeError(err)] }]);
      } else {
        setRefusal(errorMessage(err));
      }
    }
  };

  return (
    <Modal
      open={open}
      title="解除绑定身份验证器"
      onCancel={onClose}
      destroyOnHidden
      okText="解除绑定"
      okButtonProps={{ danger: true, loading: disable.isPending }}
      onOk={() => form.submit()}
      afterOpenChange={(visible) => {
        if (!visible) {
          form.resetFields();
          setRefusal(null);
        }
      }}
    >
      <p className={styles.muted}>
        解除后，登录时只需用户名和密码，账号安全性会降低。请输入身份验证器当前显示的动态验证码以确认。
      </p>
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void confirm(v)}>
        <Form.Item label="动态验证码" name="code" rules={CODE_RULES}>
          <Input.OTP length={6} autoComplete="one-time-code" formatter={(v) => v.replace(/\D/g, '')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
