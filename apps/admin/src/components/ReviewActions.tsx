import { Button, Space } from 'antd';
import { ConfirmButton } from './ConfirmButton.tsx';

/**
 * 通过 / 驳回 of one item in a review queue (an application, a supplier, a goods), as a row's links or a
 * drawer's buttons. 通过 asks first (a refusal — a colleague decided first — is the request helper's
 * toast, and the list is read again); 驳回 hands the item to the screen's reason dialog, which outlives
 * the row when the row changes under it. Either is left out when the item does not allow it.
 */
export function ReviewActions({
  approve,
  onReject,
  type = 'link',
}: {
  approve?: { title: string; description: string; onConfirm: () => Promise<unknown> };
  onReject?: () => void;
  type?: 'link' | 'default';
}) {
  if (!approve && !onReject) return null;
  const link = type === 'link';
  const size = link ? 'small' : 'middle';
  return (
    <Space size={link ? 0 : 8} wrap>
      {approve ? (
        <ConfirmButton
          type={link ? 'link' : 'primary'}
          size={size}
          danger={false}
          title={approve.title}
          description={approve.description}
          okText="通过"
          placement="topRight"
          onConfirm={approve.onConfirm}
        >
          通过
        </ConfirmButton>
      ) : null}
      {onReject ? (
        <Button type={type} size={size} danger onClick={onReject}>
          驳回
        </Button>
      ) : null}
    </Space>
  );
}
