import { useMemo, useState } from 'react';
import { useFeedback } from '../../../lib/feedback.ts';
import { useNavigate } from 'react-router';
import { storage } from '../../../lib/storage.ts';
import { useSession } from '../../../lib/session.ts';
import { useAddToCart } from '../api/addToCart.ts';
import { useAddFavorite } from '../api/addFavorite.ts';
import { useFavoriteState } from '../api/checkFavorite.ts';
import { useRemoveFavorite } from '../api/removeFavorite.ts';
import { initialSelection, selectedSku, toggleValue, type Selection, type SpecDimension } from '../lib/sku.ts';
import type { GoodsDetail } from '../types.ts';
import { useLoginPrompt } from '../../../lib/useLoginPrompt.ts';

/**
 * The goods detail's buying state and actions (SKU selection, quantity, add to cart, buy now,
 * favourite), for the PC BuyBox and the phone page alike: signed out → 登录提示, a SKU must be chosen and in stock.
 */
export function useBuyActions(goods: GoodsDetail) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { user } = useSession();
  const promptLogin = useLoginPrompt();
  const dims: SpecDimension[] = goods.specs;
  const [selection, setSelection] = useState<Selection>(() => initialSelection(goods.skus, dims));
  const [quantity, setQuantity] = useState(1);
  const sku = useMemo(() => selectedSku(goods.skus, dims, selection), [goods.skus, dims, selection]);
  const missing = dims.filter((d) => !selection[d.name]).map((d) => d.name);

  const addToCart = useAddToCart();
  const favorite = useFavoriteState(goods.id, Boolean(user));
  const addFavorite = useAddFavorite();
  const removeFavorite = useRemoveFavorite();

  const pick = (dim: string, value: string) => {
    setSelection((s) => toggleValue(goods.skus, dims, s, dim, value));
    setQuantity(1);
  };

  const changeQuantity = (v: number | null) => setQuantity(Math.max(1, Math.min(v ?? 1, sku?.stock ?? 1)));

  /** The SKU to buy, or why there is none (said once, as a toast). */
  const ready = () => {
    if (!storage.hasTokens()) {
      promptLogin();
      return null;
    }
    if (!sku) {
      void message.warning(`请选择${missing.join('、') || '规格'}`);
      return null;
    }
    if (sku.stock <= 0) {
      void message.warning('该规格已售罄');
      return null;
    }
    return sku;
  };

  /** Adds the chosen SKU; `done` runs after the server said yes. */
  const add = (done?: () => void) => {
    const s = ready();
    if (!s) return;
    addToCart.mutate(
      { skuId: s.id, quantity },
      {
        onSuccess: (r) => {
          void message.success(`已加入购物车，购物车共 ${r.count} 件商品`);
          done?.();
        },
      },
    );
  };

  const buy = () => {
    const s = ready();
    if (s) void navigate(`/checkout?skuId=${s.id}&quantity=${quantity}`);
  };

  const toggleFavorite = () => {
    if (!storage.hasTokens()) return promptLogin();
    if (favorite.data) removeFavorite.mutate(goods.id, { onSuccess: () => void message.success('已取消收藏') });
    else addFavorite.mutate(goods.id, { onSuccess: () => void message.success('收藏成功') });
  };

  return {
    dims,
    selection,
    pick,
    quantity,
    changeQuantity,
    sku,
    missing,
    price: sku?.price ?? goods.price,
    marketPrice: sku?.marketPrice ?? goods.marketPrice,
    soldOut: goods.stock <= 0,
    add,
    adding: addToCart.isPending,
    buy,
    favorite: Boolean(favorite.data),
    favoriteBusy: addFavorite.isPending || removeFavorite.isPending,
    toggleFavorite,
    promptLogin,
  };
}

export type BuyActions = ReturnType<typeof useBuyActions>;
