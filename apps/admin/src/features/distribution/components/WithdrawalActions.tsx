import { useState } from 'react';
import { App, Button, Descriptions, Modal, Space } from 'antd';
import { DISTRIBUTION_PROGRAMME_NAMES, formatFen, type ConsoleWithdrawal } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { useApproveWithdrawal, useRejectWithdrawal, useWithdrawalAccount } from '../api/distribution.ts';
import { TextDialog } from '../../../components/TextDialog.tsx';
import styles from './distribution.module.css';

const summary = (w: ConsoleWithdrawal, accountNo?: string) => (
  <Descriptions
    column={1}
    size="small"
    bordered
    styles={{ label: { width: 100 } }}
    items={[
      { key: 'm', label: '会员', children: `${w.memberName}（${DISTRIBUTION_PROGRAMME_NAMES[w.programme]}）` },
      { key: 'a', label: '提现金额', children: <strong className={styles.money}>{formatFen(w.amountFen)}</strong> },
      { key: 'w', label: '收款方式', children: w.bankName ? `${w.methodText} · ${w.bankName}` : w.methodText },
      { key: 'n', label: '收款人', children: w.accountName },
      {
        key: 'no',
        label: '收款账号',
        children: <span className={styles.account}>{accountNo ?? w.accountMasked}</span>,
      },
    ]}
  />
);

/**
 * 查看账号: the whole account number, read from the server on request (each reading is audited),
 * shown in a dialog that keeps it only while open.
 */
export function AccountButton({ w }: { w: ConsoleWithdrawal }) {
  const { message } = App.useApp();
  const account = useWithdrawalAccount();
  const [shown, setShown] = useState<string | null>(null);
  return (
    <>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        loading={account.isPending}
        onClick={() =>
          account.mutate(w.id, {
            onSuccess: (r) => setShown(r.accountNo),
            onError: (e) => void message.error(errorMessage(e)),
          })
        }
      >
        查看账号
      </Button>
      <Modal
        title="完整收款账号"
        open={shown !== null}
        onCancel={() => setShown(null)}
        footer={<Button onClick={() => setShown(null)}>关闭</Button>}
        destroyOnHidden
      >
        <div data-testid="withdrawal-account">{summary(w, shown ?? undefined)}</div>
        <div className={styles.sub} style={{ marginTop: 12 }}>
          查看完整账号已记入操作日志。请仅用于打款，勿截图外传。
        </div>
      </Modal>
    </>
  );
}

export type WithdrawalDecision = { w: ConsoleWithdrawal; kind: 'approve' | 'reject' };

/** 通过 / 驳回 of one withdrawal, only as the row's `actions` allow; each opens the screen's dialog. */
export function WithdrawalActions({
  w,
  onDecide,
}: {
  w: ConsoleWithdrawal;
  onDecide: (d: WithdrawalDecision) => void;
}) {
  if (!w.actions.length) return null;
  return (
    <Space size={0}>
      {w.actions.includes('approve') ? (
        <Button type="link" size="small" onClick={() => onDecide({ w, kind: 'approve' })}>
          通过
        </Button>
      ) : null}
      {w.actions.includes('reject') ? (
        <Button type="link" size="small" danger onClick={() => onDecide({ w, kind: 'reject' })}>
          驳回
        </Button>
      ) : null}
    </Space>
  );
}

/**
 * The decision dialogs: 通过 records the payout reference of the transfer made on the payment platform;
 * 驳回 returns the amount to the member's 可提现 with a reason. They belong to the screen, not the row,
 * so a refusal (a colleague decided first) stays readable while the list refreshes under it.
 */
export function WithdrawalDialogs({ decision, onClose }: { decision: WithdrawalDecision | null; onClose: () => void }) {
  const { message } = App.useApp();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const w = decision?.w;
  return (
    <>
      <TextDialog
        open={decision?.kind === 'approve'}
        title="确认打款"
        summary={
          w ? (
            <>
              {summary(w)}
              <div className={styles.sub} style={{ marginTop: 8 }}>
                请先在支付宝或网银完成转账，再填写转账的流水号。确认后提现记为已打款，不能撤回。
              </div>
            </>
          ) : null
        }
        label="打款流水号"
        okText="确认已打款"
        max={64}
        rules={[{ pattern: /^[A-Za-z0-9_-]+$/, message: '打款流水号只能包含字母、数字、- 和 _' }]}
        placeholder="如：2026112622001400001234567890"
        pending={approve.isPending}
        onSubmit={async (payoutRef) => {
          await approve.mutateAsync({ id: w!.id, payoutRef });
          void message.success('已确认打款');
        }}
        onClose={onClose}
      />
      <TextDialog
        open={decision?.kind === 'reject'}
        title="驳回提现"
        summary={
          w ? (
            <>
              {summary(w)}
              <div className={styles.sub} style={{ marginTop: 8 }}>
                驳回后 {formatFen(w.amountFen)} 退回会员的可提现余额，会员会看到驳回原因。
              </div>
            </>
          ) : null
        }
        label="驳回原因"
        okText="确认驳回"
        danger
        multiline
        max={200}
        placeholder="如：收款人姓名与实名信息不一致，请修改后重新申请"
        pending={reject.isPending}
        onSubmit={async (reason) => {
          await reject.mutateAsync({ id: w!.id, reason });
          void message.success('已驳回，金额已退回可提现');
        }}
        onClose={onClose}
      />
    </>
  );
}
