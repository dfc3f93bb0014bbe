import type { ScriptedAgentSession } from './replay-agent-calls.ts';
import type { ScriptedConversation } from './replay-conversation.ts';

/**
 * Who asked the shopping assistant what over the last 30 days: the demo member and eight buyers, with
 * the questions buyers of this shop really ask (a budget phone, 对比一下前两个, 我的订单到哪了, coupons,
 * points, a gift, something the assistant does not do), mostly in the day and the evening. A 👍 or 👎
 * is the buyer's; the 👎 are what an operator would want to read: a question taken too literally, a
 * follow-up that lost its subject, an order the assistant did not find, a tool that failed. Which goods
 * and prices an answer shows is not written here: the assistant reads them from the catalogue.
 */
export const DEMO_BUYERS = {
  xiaolu: { mobile: '19900030001', nickname: '小鹿妈妈', joinedDaysAgo: 64 },
  aze: { mobile: '19900030002', nickname: '阿泽', joinedDaysAgo: 41 },
  nanfeng: { mobile: '19900030003', nickname: '南风', joinedDaysAgo: 37 },
  mili: { mobile: '19900030004', nickname: '米粒', joinedDaysAgo: 52 },
  laozhou: { mobile: '19900030005', nickname: '老周', joinedDaysAgo: 33 },
  susu: { mobile: '19900030006', nickname: '苏苏', joinedDaysAgo: 45 },
  xiaowang: { mobile: '19900030007', nickname: '程序员小王', joinedDaysAgo: 58 },
  doudou: { mobile: '19900030008', nickname: '豆豆爸', joinedDaysAgo: 39 },
} as const;

export type Asker = keyof typeof DEMO_BUYERS | 'demo';

export const CONVERSATIONS: ScriptedConversation<Asker>[] = [
  { who: 'xiaolu', when: { daysAgo: 28, at: '10:12' }, turns: [{ question: '奶粉有哪些牌子', feedback: 1 }] },
  { who: 'aze', when: { daysAgo: 27, at: '23:10' }, turns: [{ question: '2000左右的耳机推荐一下' }] },
  {
    who: 'demo',
    when: { daysAgo: 26, at: '20:41' },
    turns: [{ question: '三千以内的手机' }, { question: '对比一下前两个', feedback: 1 }],
  },
  {
    who: 'nanfeng',
    when: { daysAgo: 25, at: '07:48' },
    turns: [{ question: '跑步鞋' }, { question: '耐克的' }, { question: '对比前两个', feedback: 1 }],
  },
  {
    who: 'mili',
    when: { daysAgo: 24, at: '22:05' },
    turns: [{ question: '零食推荐' }, { question: '便宜点的', feedback: -1 }],
  },
  { who: 'susu', when: { daysAgo: 23, at: '21:55' }, turns: [{ question: '口红哪个色号好看', feedback: -1 }] },
  { who: 'laozhou', when: { daysAgo: 22, at: '10:30' }, turns: [{ question: '老人手机', feedback: 1 }] },
  { who: 'xiaowang', when: { daysAgo: 21, at: '00:35' }, turns: [{ question: '500以内的机械键盘' }] },
  { who: 'doudou', when: { daysAgo: 20, at: '19:05' }, turns: [{ question: '空气炸锅有哪些牌子', feedback: 1 }] },
  {
    who: 'xiaolu',
    when: { daysAgo: 19, at: '22:48' },
    turns: [{ question: '纸尿裤推荐' }, { question: '对比一下前两个' }],
  },
  {
    who: 'doudou',
    when: { daysAgo: 18, at: '21:12' },
    turns: [{ question: '300以内的积木' }, { question: '对比一下前三个' }],
  },
  {
    who: 'aze',
    when: { daysAgo: 17, at: '13:26' },
    turns: [{ question: '有没有华为的笔记本' }, { question: '对比一下前两个', feedback: 1 }],
  },
  {
    who: 'laozhou',
    when: { daysAgo: 16, at: '09:12' },
    turns: [{ question: '我的订单到哪了', failing: true, feedback: -1 }],
  },
  { who: 'xiaowang', when: { daysAgo: 15, at: '12:05' }, turns: [{ question: '帮我写一段python代码' }] },
  { who: 'mili', when: { daysAgo: 14, at: '15:40' }, turns: [{ question: '一百以内的蓝牙音箱' }] },
  {
    who: 'nanfeng',
    when: { daysAgo: 13, at: '18:30' },
    turns: [{ question: '瑜伽垫' }, { question: '便宜的排前面', feedback: -1 }],
  },
  { who: 'susu', when: { daysAgo: 12, at: '20:20' }, turns: [{ question: '两百以内的保温杯', feedback: 1 }] },
  { who: 'demo', when: { daysAgo: 11, at: '12:18' }, turns: [{ question: '有什么券可以领' }] },
  { who: 'xiaowang', when: { daysAgo: 10, at: '22:40' }, turns: [{ question: '1500以内的显示器推荐' }] },
  {
    who: 'susu',
    when: { daysAgo: 9, at: '12:40' },
    turns: [{ question: '面霜推荐' }, { question: '对比一下前两个', feedback: 1 }],
  },
  { who: 'aze', when: { daysAgo: 8, at: '20:02' }, turns: [{ question: '小米的充电器' }] },
  { who: 'laozhou', when: { daysAgo: 7, at: '10:48' }, turns: [{ question: '血压计哪个牌子好' }] },
  { who: 'xiaolu', when: { daysAgo: 6, at: '09:55' }, turns: [{ question: '送宝宝的生日礼物', feedback: -1 }] },
  { who: 'doudou', when: { daysAgo: 6, at: '20:35' }, turns: [{ question: '猫粮推荐' }] },
  { who: 'mili', when: { daysAgo: 5, at: '23:20' }, turns: [{ question: '帮我写一首诗' }] },
  { who: 'demo', when: { daysAgo: 4, at: '16:05' }, turns: [{ question: '今天天气怎么样' }] },
  { who: 'doudou', when: { daysAgo: 4, at: '11:25' }, turns: [{ question: '帮我把订单改成已付款' }] },
  { who: 'nanfeng', when: { daysAgo: 3, at: '21:15' }, turns: [{ question: '我的订单到哪了', feedback: -1 }] },
  {
    who: 'xiaowang',
    when: { daysAgo: 3, at: '12:50' },
    turns: [{ question: '三千以内的手机', failing: true, feedback: -1 }],
  },
  { who: 'aze', when: { daysAgo: 2, at: '19:44' }, turns: [{ question: '有什么券可以领', failing: true }] },
  { who: 'susu', when: { daysAgo: 2, at: '22:30' }, turns: [{ question: '我的退款怎么样了' }] },
  { who: 'demo', when: { daysAgo: 1, at: '21:37' }, turns: [{ question: '我有多少积分', feedback: 1 }] },
  { who: 'mili', when: { daysAgo: 1, at: '14:02' }, turns: [{ question: '我有多少积分' }] },
  { who: 'laozhou', when: { minutesAgo: 47 }, turns: [{ question: '有什么券可以领', feedback: 1 }] },
  {
    who: 'xiaolu',
    when: { minutesAgo: 138 },
    turns: [{ question: '两千以内的婴儿推车' }, { question: '对比一下前两个' }],
  },
];

const firstGoods = (found: { goodsIds: number[] }) => (found.goodsIds[0] ? { goodsId: found.goodsIds[0] } : null);
const firstSku = (found: { skuIds: number[] }) => (found.skuIds[0] ? { skuId: found.skuIds[0], quantity: 1 } : null);

export const AGENT_SESSIONS: ScriptedAgentSession<Asker>[] = [
  {
    who: 'xiaowang',
    when: { daysAgo: 19, at: '21:30' },
    calls: [
      { tool: 'search_goods', args: { keyword: '机械键盘', maxPriceFen: 50000 } },
      { tool: 'goods_detail', args: firstGoods },
      { tool: 'coupons_for', args: firstGoods },
      { tool: 'add_to_cart', args: firstSku },
    ],
  },
  {
    who: 'aze',
    when: { daysAgo: 14, at: '20:40' },
    calls: [
      { tool: 'search_goods', args: { category: '耳机', maxPriceFen: 100000, sort: 'sales' } },
      { tool: 'goods_detail', args: firstGoods },
      { tool: 'add_to_cart', args: firstSku },
    ],
  },
  {
    who: 'doudou',
    when: { daysAgo: 11, at: '21:02' },
    calls: [
      { tool: 'search_goods', args: { keyword: '猫粮', sort: 'sales' } },
      { tool: 'goods_detail', args: firstGoods },
      { tool: 'claimable_coupons', args: firstGoods },
    ],
  },
  {
    who: 'xiaowang',
    when: { daysAgo: 9, at: '22:10' },
    calls: [
      { tool: 'search_goods', args: { category: '显示器', sort: 'sales', limit: 4 } },
      {
        tool: 'compare_goods',
        args: (found) => (found.goodsIds.length >= 2 ? { goodsIds: found.goodsIds.slice(0, 2) } : null),
      },
    ],
  },
  {
    who: 'aze',
    when: { daysAgo: 5, at: '13:15' },
    calls: [
      { tool: 'search_goods', args: { keyword: '移动电源', minPriceFen: -5 } },
      { tool: 'search_goods', args: { keyword: '移动电源', maxPriceFen: 20000 } },
      { tool: 'claimable_coupons', args: {} },
    ],
  },
  {
    who: 'xiaowang',
    when: { daysAgo: 2, at: '23:05' },
    calls: [
      { tool: 'my_orders', args: { limit: 5 } },
      { tool: 'points_balance', args: {} },
    ],
  },
  {
    who: 'aze',
    when: { daysAgo: 1, at: '20:50' },
    calls: [
      { tool: 'catalogue_shape', args: { category: '平板电脑' } },
      { tool: 'recommend', args: { budgetFen: 300000, category: '平板电脑', count: 3 } },
    ],
  },
  {
    who: 'xiaowang',
    when: { minutesAgo: 72 },
    calls: [
      { tool: 'search_goods', args: { keyword: '键盘', sort: 'priceAsc' } },
      { tool: 'goods_detail', args: firstGoods },
    ],
  },
];
