import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useCartPieces } from '../../../lib/cartCount.ts';
import { CountBadge } from '../../../components/CountBadge.tsx';

/** The header's cart link with the number of pieces in the member's cart. */
export function CartBadge({ className }: { className?: string }) {
  const { count, label } = useCartPieces();
  return (
    <Link to="/cart" className={className} data-testid="header-cart" aria-label={label}>
      <CountBadge count={count}>
        <ShoppingCartOutlined style={{ fontSize: 16, color: 'inherit' }} />
      </CountBadge>
      <span style={{ marginLeft: 6 }}>购物车</span>
    </Link>
  );
}
