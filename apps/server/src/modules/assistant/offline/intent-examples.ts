/**
 * The shop's own example questions for the few tools that need no goods named, written the many
 * loose ways buyers ask. The fallback classifier learns from these at module load; the question set
 * in questions.ts is kept apart, so the test measures it on questions it has not seen.
 */

export type FallbackIntent = 'my_orders' | 'my_aftersales' | 'coupons_for' | 'claimable_coupons' | 'points_balance' | 'none';

export const INTENT_EXAMPLES: Record<FallbackIntent, string[]> = {
  my_orders: [
    '我的东西到了没有', '包裹啥时候能到', '发了没', '什么时候能收到', '我买的还没到', '东西寄了吗', '啥时候送到',
    '到哪儿了', '怎么还没到', '几天能到货', '送货到哪了', '我下的单', '买的东西呢', '还没收到货', '快到了吗',
    '东西发出了吗', '送到了吗', '今天能到吗', '我的货呢', '配送进度',
  ],
  my_aftersales: [
    '退的钱呢', '钱退了吗', '退的钱到了没', '换的货呢', '申请的退货怎么样了', '商家同意退了吗', '退的款什么时候到',
    '退货寄回去了', '退换进度', '维修进度怎么样', '钱还没退回来', '退钱到账没', '退的东西商家收到没',
  ],
  coupons_for: [
    '能省多少钱', '有没有折扣', '能打折吗', '有优惠没', '能减多少', '满减怎么算', '结算能便宜吗', '下单能减钱吗',
    '能不能少点', '有什么优惠', '便宜点呗', '我的券呢',
  ],
  claimable_coupons: ['哪里领券', '有什么可以领的', '免费领的券', '新人券在哪领', '领个红包', '有没有可以领的福利', '发点券'],
  points_balance: ['我攒了多少分', '我的分有多少', '能抵多少钱的分', '签到的分', '我的积点', '会员分数'],
  none: [
    '你好啊', '谢谢', '好的', '知道了', '哈哈哈', '随便聊聊', '今天心情不好', '你叫什么名字', '再见', '晚安', '在干嘛',
    '你真棒', '不用了', '没事了', '我再看看', '算了', '嗯', '好吧', '可以', '明白', '我想要一个东西', '我想买点东西',
    '给我看看东西', '有什么东西', '随便推荐点', '你能干嘛', '怎么回事', '为什么', '是这样吗', '然后呢', '还有吗',
  ],
};
