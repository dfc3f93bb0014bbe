import { Button, Checkbox, Popconfirm, Space } from 'antd';
import { ShoppingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { formatFen } from '@mall/shared';
import { EmptyState, Loading, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { useCart } from '../api/getCart.ts';
import { useClearInvalid, useRemoveLines } from '../api/removeLines.ts';
import { useSelectAll, useSelectLine } from '../api/selectLine.ts';
import { useUpdateQuantity } from '../api/updateQuantity.ts';
import { CartTable, InvalidLines } from '../components/CartTable.tsx';
import { CartCards } from '../components/CartCards.tsx';
import { StickyBar } from '../../../components/phone/StickyBar.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { isInvalid, type CartLine } from '../types.ts';
import { useFeedback } from '../../../lib/feedback.ts';

/** /cart: the member's server-side cart. Totals come from the server's reply. */
export default function CartPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const cart = useCart();
  const quantity = useUpdateQuantity();
  const select = useSelectLine();
  const selectAll = useSelectAll();
  const remove = useRemoveLines();
  const clear = useClearInvalid();
  const phone = useIsPhone();
  const busy = quantity.isPending || select.isPending || selectAll.isPending || remove.isPending;

  if (cart.isLoading)
    return (
      <Panel title="购物车">
        <Loading />
      </Panel>
    );
  if (cart.isError || !cart.data)
    return (
      <Panel title="购物车">
        <LoadError error={cart.error} onRetry={() => void cart.refetch()} />
      </Panel>
    );

  const { lines, summary } = cart.data;
  const valid = lines.filter((l) => !isInvalid(l));
  const invalid = lines.filter(isInvalid);
  const chosen = valid.filter((l) => l.selected && l.purchasable);

  if (lines.length === 0) {
    return (
      <Panel title="购物车">
        <EmptyState
          text="购物车空空如也，快去挑选心仪的商品吧"
          action={
            <Button type="primary" icon={<ShoppingOutlined />} onClick={() => void navigate('/')}>
              去逛逛
            </Button>
          }
        />
      </Panel>
    );
  }

  const removeOne = (l: CartLine) => remove.mutateAsync([l.id]).then(() => void message.success('已删除'));
  const checkout = () => {
    if (chosen.length === 0) return void message.warning('请先选择要结算的商品');
    void navigate(`/checkout?cartItemIds=${chosen.map((l) => l.id).join(',')}`);
  };

  return (
    <>
      <Panel title={`购物车（${summary.totalQuantity}）`} style={phone ? { padding: 12, marginBottom: 0 } : undefined}>
        {valid.length && phone ? (
          <CartCards
            lines={valid}
            busy={busy}
            onSelect={(l, selected) => select.mutate({ id: l.id, selected })}
            onQuantity={(l, q) => quantity.mutateAsync({ id: l.id, quantity: q })}
            onRemove={removeOne}
          />
        ) : valid.length ? (
          <CartTable
            lines={valid}
            busy={busy}
            onSelect={(l, selected) => select.mutate({ id: l.id, selected })}
            onSelectAll={(selected) => selectAll.mutate(selected)}
            onQuantity={(l, q) => quantity.mutateAsync({ id: l.id, quantity: q })}
            onRemove={removeOne}
          />
        ) : (
          <EmptyState text="没有可购买的商品" />
        )}
        {invalid.length ? (
          <InvalidLines
            lines={invalid}
            onRemove={removeOne}
            clearing={clear.isPending}
            onClear={() =>
              clear.mutate(undefined, { onSuccess: (r) => void message.success(`已清除 ${r.removed} 件失效商品`) })
            }
          />
        ) : null}
      </Panel>
      {phone ? (
        <StickyBar testId="cart-footer" label="结算栏">
          <Checkbox
            checked={summary.allSelected}
            indeterminate={!summary.allSelected && chosen.length > 0}
            disabled={busy || !valid.some((l) => l.purchasable)}
            onChange={(e) => selectAll.mutate(e.target.checked)}
          >
            全选
          </Checkbox>
          <div style={{ flex: 1, textAlign: 'right', lineHeight: 1.3 }}>
            <div>
              合计{' '}
              <b style={{ color: '#d0252b', fontSize: 18 }} data-testid="cart-total">
                {formatFen(summary.selectedAmount)}
              </b>
            </div>
            <div style={{ fontSize: 12, color: '#6b6b6b' }}>
              已选 <span data-testid="cart-selected-count">{summary.selectedQuantity}</span> 件，不含运费
            </div>
          </div>
          <Button type="primary" shape="round" disabled={chosen.length === 0 || busy} onClick={checkout}>
            去结算
          </Button>
        </StickyBar>
      ) : (
        <div
          data-testid="cart-footer"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 5,
            background: '#fff',
            borderRadius: 8,
            boxShadow: '0 -2px 8px rgba(0,0,0,0.06)',
            padding: '12px 24px',
            display: 'flex',
            alignItems: 'center',
            gap: 24,
          }}
        >
          <Checkbox
            checked={summary.allSelected}
            indeterminate={!summary.allSelected && chosen.length > 0}
            disabled={busy || !valid.some((l) => l.purchasable)}
            onChange={(e) => selectAll.mutate(e.target.checked)}
          >
            全选
          </Checkbox>
          <Popconfirm
            title="删除选中的商品"
            description={`确定删除选中的 ${chosen.length} 种商品吗？`}
            okText="删除"
            cancelText="取消"
            disabled={chosen.length === 0}
            onConfirm={() => remove.mutateAsync(chosen.map((l) => l.id)).then(() => void message.success('已删除'))}
          >
            <Button type="link" disabled={chosen.length === 0}>
              删除选中
            </Button>
          </Popconfirm>
          <div style={{ flex: 1 }} />
          <Space size={24} align="center">
            <span>
              已选{' '}
              <b style={{ color: '#d0252b' }} data-testid="cart-selected-count">
                {summary.selectedQuantity}
              </b>{' '}
              件
            </span>
            <span>
              合计（不含运费）：
              <b style={{ color: '#d0252b', fontSize: 22 }} data-testid="cart-total">
                {formatFen(summary.selectedAmount)}
              </b>
            </span>
            <Button
              type="primary"
              size="large"
              disabled={chosen.length === 0 || busy}
              onClick={checkout}
              style={{ minWidth: 120 }}
            >
              去结算
            </Button>
          </Space>
        </div>
      )}
    </>
  );
}
