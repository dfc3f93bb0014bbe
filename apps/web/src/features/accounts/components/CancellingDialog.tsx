import { useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import type { CancellingSignIn, TokenPair } from '@mall/shared';
import { revokeCancellation } from '../api/revokeCancellation.ts';

interface Refusal {
  message: string;
  data: CancellingSignIn;
  remember: boolean;
}

/**
 * Signing in to an account in its cooling-off: the server refused with the date and a ticket. 撤销注销
 * takes the request back and signs in; 暂不撤销 leaves it as it is.
 */
export function CancellingDialog({
  refusal,
  onClose,
  onRevoked,
}: {
  refusal: Refusal | null;
  onClose: () => void;
  onRevoked: (tokens: TokenPair, remember: boolean) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function revoke() {
    if (!refusal) return;
    setBusy(true);
    setError(null);
    try {
      const tokens = await revokeCancellation({ revokeTicket: refusal.data.revokeTicket, remember: refusal.remember });
      await onRevoked(tokens, refusal.remember);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : '撤销注销失败，请重新登录');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="账号注销中"
      open={Boolean(refusal)}
      onCancel={onClose}
      destroyOnHidden
      width={440}
      footer={[
        <Button key="keep" onClick={onClose}>
          暂不撤销
        </Button>,
        <Button key="revoke" type="primary" loading={busy} onClick={() => void revoke()}>
          撤销注销
        </Button>,
      ]}
    >
      <Typography.Paragraph data-testid="cancelling-message">{refusal?.message}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        撤销后账号恢复正常，订单、优惠券、积分等均保持不变。
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
