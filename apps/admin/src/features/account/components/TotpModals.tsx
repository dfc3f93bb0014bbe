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

/** 绑定身份验证器: a new secret as a QR code (and as text), then a code from the app confirms it. */
export function TotpBindModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [data, setData] = useState<OpsTotpSetup | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const { mutateAsync: startSetup } = setup;

  useEffect(() => {
    if (!open) return;
    setData(null);
    form.resetFields();
    startSetup()
      .then(setData)
      .catch(() => onClose()); // the request helper has said why
  }, [open, startSetup, form, onClose]);

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
        <Button key="ok" type="primary" loading={enable.isPending} disabled={!data} onClick={() => form.submit()}>
          确认绑定
        </Button>,
      ]}
    >
      <Steps
        size="small"
        current={1}
        style={{ margin: '8px 0 20px' }}
        items={[{ title: '安装 App' }, { title: '扫码添加' }, { title: '输入验证码' }]}
      />
      <p className={styles.muted}>
        使用任意支持 TOTP 的身份验证器 App（如 Google Authenticator、Microsoft
        Authenticator、腾讯身份验证器）扫描下方二维码；无法扫码时，可在 App 中手动输入密钥。
      </p>
      <div className={styles.qrRow}>
        {data ? <QrCode text={data.otpauthUrl} className={styles.qr} /> : <div className={styles.qr} />}
        <div>
          <div className={styles.muted}>手动输入的密钥</div>
          {data ? (
            <Typography.Paragraph
              copyable={{ text: data.secret, tooltips: ['复制密钥', '已复制'] }}
              className={styles.secret}
              data-testid="totp-secret"
            >
              {grouped(data.secret)}
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph className={styles.muted}>正在生成…</Typography.Paragraph>
          )}
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
