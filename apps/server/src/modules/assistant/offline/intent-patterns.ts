import type { OrderStatus } from '@mall/shared';
import type { GoodsSort } from './types.ts';

/**
 * The words and patterns by which the offline understanding recognises what a question asks for.
 * They read a normalised question (NFKC, lower case); the order of the checks lives in understand.ts.
 */

export const SORTS: [GoodsSort, RegExp][] = [
  [
    'priceAsc',
    /最便宜|便宜(?:点|些|一点|一些|的)|价格最低|价格从低到高|从便宜到贵|从低到高|低价|最实惠|实惠(?:点|些|一点)|最划算/u,
  ],
  ['priceDesc', /最贵|贵(?:点|些|一点)的|价格最高|价格从高到低|从贵到便宜|从高到低|最高端|高端(?:点|一点)?的?/u],
  [
    'sales',
    /销量|卖得(?:最|比较)?好|卖的(?:最|比较)?好|卖得最多|卖的最多|畅销|最火|热销|爆款|受欢迎|人气|买的人最多|大家都买/u,
  ],
  ['newest', /最新|新品|新款|新上架|新到|新来的|刚到|刚上市|刚出的|新出的|上新/u],
];

export const ORDER_STATUS_WORDS: [OrderStatus, RegExp][] = [
  ['PENDING_PAYMENT', /待付款|待支付|未付款|没付款|还没付|未支付|没支付/u],
  ['PENDING_SHIPMENT', /待发货|未发货|没发货|还没发|没发出|什么时候发货|何时发货|还不发货|啥时候发货/u],
  ['COMPLETED', /已完成|完成了?的|已收货|已签收/u],
  ['CANCELLED', /已取消|取消了?的|被取消/u],
  ['CLOSED', /已关闭|关闭了?的/u],
  ['PENDING_RECEIPT', /待收货|已发货|运输中|在路上|配送中|派送中|物流|快递|到哪|包裹|运单|单号|送到哪/u],
];
export const LATEST_ORDER = /最近|上一单|上一个订单|上一笔|最新|刚(?:才|刚)?(?:买|下|拍)|最后一单|前几天买/u;

export const POINTS = /积分|积点|攒的分|多少分(?!钟)|分够/u;
export const COUPONS =
  /福利|新人券|新人礼|能(?:不能)?便宜|便宜(?:点|些|一点)?(?:吗|不)|优惠(?!价)|券|优惠码|红包|满减|有什么优惠|有啥优惠|优惠活动|能优惠|(?<!最)便宜多少(?!钱)|折扣/u;
export const CLAIM = /福利|新人|领|抢|可以拿|免费拿/u;
export const AFTERSALES = /退回来|钱.{0,6}退|退.{0,2}(?:钱|款)|售后|退款|退货|换货|维修|返修|退钱/u;
/** Asking when a parcel arrives. */
const ARRIVAL = String.raw`(?:啥|什么)时候(?:能|才能)?(?:到|送到|送来)|多久(?:能|才能)?(?:到|送到)|还没(?:到|送来|送到)|没送来|没到货`;
export const ORDERS = new RegExp(
  `${ARRIVAL}|寄出|寄了|发出来|到了没|收到了?吗|待付款|待支付|待发货|待收货|已发货|未发货|没发货|订单|物流|快递|包裹|到哪|发货|发出|签收|运单|单号|派送|配送|收到货|买过|我买的|买了(?:什么|啥|哪些)|已购|这单|那单|送到哪|到货`,
  'u',
);
/** Words that mean the buyer's orders even when goods are named (我买的手机到哪了). */
export const ORDERS_ONLY = new RegExp(
  `${ARRIVAL}|寄出|寄了|订单|物流|快递|包裹|到哪|发货|签收|运单|单号|到货|我买的|买过的`,
  'u',
);
export const CART = /购物车|加购|加车|加入车|放进车|放到车/u;
export const BUY_SOME =
  /(?:买|要|来|拿|下单)\s*(?:\d{1,2}|[一二两俩三四五六七八九十])\s*(?:个|件|台|部|只|份|条|双|瓶|箱|盒|本|支|套)|(?:就|我)(?:买|要)(?:这|它|了)/u;
export const COMPARE =
  /好还是.{1,10}好|(?:跟|和|与)[^，,。]{0,8}比(?:一下|比|呢|较|起来)?(?:怎么样|如何|哪个好|谁好|呢)?(?![\p{Script=Han}])|对比|比较一?下|比一比|比比|比一下|哪个(?!牌子|品牌|好用的牌)[^，,。？?]{0,4}(?:好|强|值|划算|便宜|贵|耐用|实用|高)|哪款(?:更)?(?:好|强|值|划算)|选哪个|买哪个|区别|有什么不同|有啥不同|差别|差异|\bvs\b|\bpk\b/u;
export const SHAPE =
  /(?:有|共|一共|总共)(?:多少|几)(?:款|种|个|件)|多少款|多少种|多少个商品|多少件商品|多少商品|价格区间|价格范围|价位|价钱范围|一般多少钱|大概多少钱|都多少钱|什么价|哪些品牌|什么品牌|哪些牌子|什么牌子|有哪些牌|哪个牌子|哪个品牌|(?:最贵|最便宜)的?.{0,10}(?:是什么|是哪|多少钱|什么价|啥)/u;
export const RECOMMEND =
  /哪个好|哪款好|哪个值得|什么.{0,8}(?:好|值得)|推荐|介绍几款|帮我选|帮我挑|选一款|挑一款|挑几款|买什么好|买哪款|值得买|性价比|给点建议/u;
export const SHOPPING =
  /多少钱|什么价|怎么卖|几块钱|贵不贵|有没有|有没|有无|有卖|卖不卖|想买|要买|我要|找|搜|买|看看|来个|来点|来一|给我|推荐|需要/u;
export const DETAIL =
  /赠品|无理由|质保|包邮|发货快|正品|详情|介绍|参数|配置|规格|颜色|尺码|尺寸|有货|库存|还有吗|多少钱|价格|怎么样|好不好|什么|材质|重量|保修|发什么快递|评价/u;
/** Ways of asking that are never goods words. */
export const ASKING_PATTERNS = [
  ...SORTS.map(([, p]) => p),
  SHAPE,
  RECOMMEND,
  COMPARE,
  /怎么卖|怎么样|多少钱|价格区间|区间|还有吗|有吗|一(?:罐|箱|斤|盒|瓶|袋|包|件|台|个|只|双|套)(?![\p{Script=Han}])/u,
].map((p) => new RegExp(p.source, 'gu'));
/** A greeting or a question about the assistant itself. */
export const ABOUT_ME =
  /模型|gpt|deepseek|你是ai|你是机器人|你是真人|^(?:你好|您好|hi|hello|嗨|在吗|在不在)[呀啊吗!！。.~]*$|你是谁|你能做什么|你会什么|你能干什么|能帮我(?:做)?什么|怎么用你/u;
export const NOT_THIS_BRAND = /(?:不要|除了|不是|别|不想要|不买)$/u;
/** 苹果 is a brand and a fruit: these words mean the fruit. */
export const FRUIT_CUES = /水果|斤|吃|新鲜|红富士|脆甜|果园|烟台|阿克苏|一箱/u;

/** The asking words buyers type as pinyin (jifen, youhuiquan); goods words are read by findVocabulary. */
const INTENT_PINYIN: Record<string, string> = {
  jifen: '积分',
  youhuiquan: '优惠券',
  lingquan: '领券',
  hongbao: '红包',
  dingdan: '订单',
  kuaidi: '快递',
  wuliu: '物流',
  gouwuche: '购物车',
  tuikuan: '退款',
  shouhou: '售后',
  tuijian: '推荐',
  pianyi: '便宜',
  zuipianyi: '最便宜',
  duibi: '对比',
};

/** Price words typed as pinyin after an amount (2000yixia). */
const PRICE_PINYIN: Record<string, string> = {
  yixia: '以下',
  yinei: '以内',
  zhinei: '之内',
  yishang: '以上',
  zuoyou: '左右',
};

export function intentWordsFromPinyin(text: string): string {
  return text
    .replace(
      /(\d\s*(?:元|块|k|w)?\s*)(yixia|yinei|zhinei|yishang|zuoyou)(?![a-z])/g,
      (_, amount: string, word: string) => amount + PRICE_PINYIN[word],
    )
    .replace(/[a-z]+/g, (word) => INTENT_PINYIN[word] ?? word);
}
