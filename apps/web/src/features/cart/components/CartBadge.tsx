import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useCartCount } from '../../../lib/cartCount.ts';
import { CountBadge } from '../../../components/CountBadge.tsx';

/** The header's cart link with the number of pieces in the member's cart. */
export function CartBadge({ className }: { className?: string }) {
  const { user } = useSession();
  const count = useCartCount(Boolean(user)).data?.count ?? 0;
  return (
    <Link to="/cart" className={className} data-testid="header-cart" aria-label={user ? `购物车，${count} 件商品` : '购物车'}>
      <CountBadge count={user ? count : 0}>
        <ShoppingCartOutlined style={{ fontSize: 16, color: 'inherit' }} />
      </CountBadge>
      <span style={{ marginLeft: 6 }}>购物车</span>
    </Link>
  );
}
