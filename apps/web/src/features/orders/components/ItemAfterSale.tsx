import { Button, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { ORDER_ACTION_NAMES, type OrderAction, type OrderItem } from '@mall/shared';
import { afterSaleHref, canApplyForItem } from '../lib/afterSale.ts';

/**
 * The 售后 cell of an order line. While a request is being handled: 售后中 and 查看进度. After one
 * ended: 查看售后, and 申请售后 again while units are left and the order allows it. `onApply` opens
 * the application; without it (the orders list) only the request's state and link are shown.
 */
export function ItemAfterSale({
  item,
  actions,
  onApply,
}: {
  item: OrderItem;
  actions: readonly OrderAction[];
  onApply?: () => void;
}) {
  const request = item.afterSale;
  if (request?.open) {
    return (
      <Space size={4} wrap>
        <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid="item-after-sale-open">
          售后中
        </Tag>
        <Link to={afterSaleHref(request.id)} data-testid="item-after-sale-progress">
          查看进度
        </Link>
      </Space>
    );
  }
  const apply = onApply && canApplyForItem(item, actions);
  if (!request && !apply) return onApply ? <span style={{ color: '#ccc' }}>—</span> : null;
  return (
    <Space size={4} wrap>
      {apply ? (
        <Button size="small" onClick={onApply} data-testid="item-after-sale">
          {ORDER_ACTION_NAMES.afterSale}
        </Button>
      ) : null}
      {request ? (
        <Link to={afterSaleHref(request.id)} data-testid="item-after-sale-view">
          查看售后
        </Link>
      ) : null}
    </Space>
  );
}
