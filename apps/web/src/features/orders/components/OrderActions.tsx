import { useState } from 'react';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { ORDER_ACTION_NAMES, type OrderAction, type OrderBuyerAction } from '@mall/shared';
import { useBuyAgain, useCancelOrder, useConfirmReceipt, useDeleteOrder } from '../api/orderActions.ts';
import { CancelOrderModal } from './CancelOrderModal.tsx';
import { useFeedback } from '../../../lib/feedback.ts';

/**
 * The buttons of an order in its state: only those the server lists in `actions` (it leaves out
 * 删除订单 while an after-sale is open), named from the shared state table. 申请售后 is per item:
 * in a list it opens the order's detail, where each item has its own button (`onAfterSale`).
 */
export function OrderActions({
  orderNo,
  actions,
  size = 'middle',
  onAfterSale,
  onDeleted,
}: {
  orderNo: string;
  actions: OrderAction[];
  size?: 'small' | 'middle' | 'large';
  onAfterSale?: () => void;
  onDeleted?: () => void;
}) {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const confirm = useConfirmReceipt();
  const remove = useDeleteOrder();
  const again = useBuyAgain();
  const [cancelling, setCancelling] = useState(false);
  const has = (key: OrderBuyerAction) => actions.some((a) => a.key === key);

  const buyAgain = () =>
    again.mutate(orderNo, {
      onSuccess: (r) => {
        if (r.added === 0) return void message.warning('商品均已失效，未能加入购物车');
        if (r.skipped.length) void message.warning(`部分商品未加入：${r.skipped.map((s) => `${s.name}（${s.reason}）`).join('；')}`);
        else void message.success('已加入购物车');
        void navigate('/cart');
      },
    });

  return (
    <Space size={8} wrap>
      {has('delete') ? (
        <Button
          size={size}
          type="text"
          onClick={() =>
            modal.confirm({
              title: ORDER_ACTION_NAMES.delete,
              content: '删除后订单将从列表中移除，确定删除吗？',
              okText: '删除',
              cancelText: '取消',
              okButtonProps: { danger: true },
              onOk: () => remove.mutateAsync(orderNo).then(() => {
                void message.success('订单已删除');
                onDeleted?.();
              }),
            })
          }
        >
          {ORDER_ACTION_NAMES.delete}
        </Button>
      ) : null}
      {has('cancel') ? (
        <Button size={size} onClick={() => setCancelling(true)}>
          {ORDER_ACTION_NAMES.cancel}
        </Button>
      ) : null}
      {has('afterSale') ? (
        <Button size={size} onClick={onAfterSale ?? (() => void navigate(`/user/order/orderDetail/${orderNo}`))}>
          {ORDER_ACTION_NAMES.afterSale}
        </Button>
      ) : null}
      {has('buyAgain') ? (
        <Button size={size} loading={again.isPending} onClick={buyAgain}>
          {ORDER_ACTION_NAMES.buyAgain}
        </Button>
      ) : null}
      {has('confirmReceipt') ? (
        <Button
          size={size}
          type="primary"
          onClick={() =>
            modal.confirm({
              title: ORDER_ACTION_NAMES.confirmReceipt,
              content: '请确认您已收到商品且无问题。确认收货后订单将完成。',
              okText: '确认收货',
              cancelText: '取消',
              onOk: () => confirm.mutateAsync(orderNo).then(() => void message.success('已确认收货')),
            })
          }
        >
          {ORDER_ACTION_NAMES.confirmReceipt}
        </Button>
      ) : null}
      {has('pay') ? (
        <Button size={size} type="primary" onClick={() => void navigate(`/payment?orderNo=${orderNo}`)}>
          {ORDER_ACTION_NAMES.pay}
        </Button>
      ) : null}
      <CancelOrderModal
        open={cancelling}
        loading={cancel.isPending}
        onCancel={() => setCancelling(false)}
        onConfirm={(reason) =>
          cancel.mutate(
            { orderNo, reason },
            {
              onSuccess: () => {
                setCancelling(false);
                void message.success('订单已取消');
              },
            },
          )
        }
      />
    </Space>
  );
}
