import type { TurnContext } from './provider.ts';

/** Suggested first questions: about the goods or the search the buyer came from, else the common ones. */
const GENERAL = ['帮我推荐一款3000元以内的手机', '我的订单到哪了？', '我有哪些可以用的优惠券？', '我还有多少积分？'];
const ABOUT_GOODS = ['这款有哪些规格？还有货吗？', '这款有优惠券可以用吗？', '有没有类似的更便宜的？', '帮我加入购物车'];

export function suggestionsFor(context: TurnContext | null): string[] {
  if (context?.goodsId) return ABOUT_GOODS;
  if (context?.keyword) {
    const k = context.keyword.slice(0, 20);
    return [`${k}有哪些推荐？`, `${k}最便宜的是哪款？`, `${k}销量最高的是哪款？`, '我有哪些可以用的优惠券？'];
  }
  return GENERAL;
}
