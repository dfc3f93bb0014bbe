import { useRef, useState } from 'react';
import { Alert, App, Button, Descriptions, Modal } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import type { OneTimePassword } from '../types.ts';
import styles from './operators.module.css';

/**
 * The one-time password, shown once: the server keeps only its hash, so after this dialog closes
 * nobody can see it again (a new one takes 重置密码). The colleague must change it at first sign-in.
 */
export function OneTimePasswordModal({
  value,
  title,
  onClose,
}: {
  value: OneTimePassword | null;
  title: string;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);
  // Kept while the dialog fades out after `value` is cleared.
  const last = useRef<OneTimePassword | null>(null);
  if (value) last.current = value;
  const shown = value ?? last.current;

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.oneTimePassword);
      setCopied(true);
      void message.success('已复制一次性密码');
    } catch {
      void message.warning('无法自动复制，请手动选中密码复制');
    }
  };

  return (
    <Modal
      open={Boolean(value)}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      afterClose={() => setCopied(false)}
      footer={
        <Button type="primary" onClick={onClose}>
          我已记下，关闭
        </Button>
      }
      width={520}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="一次性密码只显示这一次"
        description="关闭后无法再次查看。请通过安全的方式告知本人；对方首次登录时必须设置新密码。"
      />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="账号">{shown?.username}</Descriptions.Item>
        <Descriptions.Item label="一次性密码">
          <div className={styles.otpRow}>
            <code className={styles.otp} data-testid="one-time-password">
              {shown?.oneTimePassword}
            </code>
            <Button size="small" icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()}>
              {copied ? '已复制' : '复制'}
            </Button>
          </div>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
