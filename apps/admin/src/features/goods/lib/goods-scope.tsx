import { createContext, useContext, type ReactNode } from 'react';

/**
 * Whose goods the goods screens manage: the shop's (商品列表, /ops/goods/*) or, for a supplier's
 * console account, its own store's (本店商品, /ops/store/goods/*, the store taken from the session by
 * the server). One list and one form serve both; the scope names the calls and the addresses.
 */
export interface GoodsScope {
  store: boolean;
  /** The console path of the list (`/goods`, `/store/goods`). */
  base: string;
}

export const SHOP_SCOPE: GoodsScope = { store: false, base: '/goods' };
export const STORE_SCOPE: GoodsScope = { store: true, base: '/store/goods' };

const Scope = createContext<GoodsScope>(SHOP_SCOPE);

export function GoodsScopeProvider({ scope, children }: { scope: GoodsScope; children: ReactNode }) {
  return <Scope.Provider value={scope}>{children}</Scope.Provider>;
}

export const useGoodsScope = () => useContext(Scope);
