import { parseQuery } from '../../../lib/tokenize.ts';

/**
 * The goods words of a question once everything else has been read: what is left after the price,
 * brands, categories, references and the words of asking (有没有, 推荐, 帮我找) are taken out,
 * segmented by the shop's tokenizer. 有没有降噪的蓝牙耳机 leaves 降噪; 有卖螺蛳粉的吗 leaves 螺蛳粉.
 */

const ASKING_WORDS = new Set(
  `有没有 有无 有没 没有 有什么 有啥 有哪些 哪些 什么 啥 怎么样 怎样 如何 多少 多少钱 几个 几款 哪款 哪个 哪种 哪一款
  帮忙 帮我 给我 替我 请问 麻烦 推荐 介绍 一下 看看 看一看 看下 瞧瞧 找找 找 找一下 搜 搜索 搜一下 查 查查 查一下 搜搜
  想要 想买 我想 我要 要买 需要 打算 准备 买个 买点 来个 来点 来 一款 一个 一台 一部 一件 一双 一些 一点 几 些 点
  好用 好的 好点 好一点 不错 值得 值得买 划算 实惠 性价比 高 低 好 便宜 便宜点 贵 最 比较 更 很 非常 特别 挺
  的话 价格 价钱 价位 售价 元 块 块钱 左右 之间 以内 以下 以上 之内 大概 预算 差不多 大约 约 出头
  适合 可以 可不可以 能 能不能 会 应该 吗 呢 吧 啊 呀 哦 嘛 么 哈 嗯 呗 了 着 过 和 跟 与 或 或者 还是 也 都 就 还 又 再 先
  东西 商品 产品 货 宝贝 款 款式 个 件 台 部 只 种 类 牌子 品牌 你们 你 您 我 我们 他 她 它 在 是 有 要 想 用 给 送 卖 买 卖的
  排序 排 按 前面 前边 靠前 最前 前头 放 热门 新款 最新 新品 销量 最贵 最便宜 店里 店 商城 这里 这边 那边 现在 目前 今天 一般 选 挑 选择 挑选 帮 回答
  wo xiang mai yao de you mei meiyou youmeiyou ge yige gei kan kankan zhao bang bangwo ma ne ba qing hao le zhe zhege na nage duoshao qian duoshaoqian woxiang xiangmai woyao
  哈哈 哈哈哈 呵呵 嘿嘿 嗯嗯 哦哦 好吧 行 ok 一共 共 总共 同款 换个 入手 求 求个 求推荐 孩子 小孩 儿子 女儿 包邮 随便 不要 不能 能不能 不是 除了 以外 之外 还有 别 不 送给 送 家里 自己 平时 日常 好吃 好看 好喝 好玩 好听 最高 最低 最好 最多 怎么 怎么卖 区间 范围 新鲜 爸妈 父母 爸爸 妈妈 女朋友 男朋友 老婆 老公 朋友 长辈 送人 送礼 礼物
  请 谢谢 你好 您好 嗨 hi hello 所有 全部 各种 各位 其他 其它 别的 另外 价 钱 一 二 三 两 的 得 地 吃 喝 穿`.split(
    /\s+/,
  ),
);

interface Token {
  word: string;
  index: number;
}

function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  // one clause at a time: the tokenizer reads at most a dozen words per call
  for (const clause of text.matchAll(/[^\s,，。.!！?？;；、:：]+/gu)) {
    let cursor = clause.index;
    for (const term of parseQuery(clause[0]).terms) {
      const at = text.indexOf(term.word, cursor);
      if (at < 0) continue;
      out.push({ word: term.word, index: at });
      cursor = at + term.word.length;
    }
  }
  return out;
}

const isSingleHan = (w: string) => /^\p{Script=Han}$/u.test(w);
/** Goods named by one character, kept even when alone (八百以下的鞋). */
const ONE_CHARACTER_GOODS = new Set(Array.from('鞋书表笔床茶酒包伞衣裤帽袜杯碗锅刀灯桌椅柜米油糖肉鱼虾蟹蛋奶车'));
const isHanWord = (w: string) => /^\p{Script=Han}{2,}$/u.test(w);

/**
 * The leftover goods words of a masked question (spans already read blanked out), as phrases of
 * neighbouring words joined by a space; null when nothing is left.
 */
export function leftoverKeyword(masked: string, extraStopWords: readonly string[] = []): string | null {
  const stop = new Set([...ASKING_WORDS, ...extraStopWords]);
  const tokens = tokensOf(masked).filter((t) => !stop.has(t.word));
  const kept = tokens.map((t, i) => {
    if (!isSingleHan(t.word) || ONE_CHARACTER_GOODS.has(t.word)) return true;
    // a lone character stays only as part of a longer word beside it (螺蛳 + 粉, t + 恤, 27 + 寸),
    // never as the head of a Latin word (比 + iphone)
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const touchesPrev = prev && !isSingleHan(prev.word) && prev.index + prev.word.length === t.index;
    const touchesNext = next && isHanWord(next.word) && t.index + t.word.length === next.index;
    return Boolean(touchesPrev || touchesNext);
  });
  const phrases: string[] = [];
  let last: Token | null = null;
  tokens.forEach((t, i) => {
    if (!kept[i]) {
      last = null;
      return;
    }
    if (last && last.index + last.word.length === t.index && phrases.length) phrases[phrases.length - 1] += t.word;
    else phrases.push(t.word);
    last = t;
  });
  const keyword = phrases.slice(0, 6).join(' ').trim();
  return keyword || null;
}
