/**
 * The relevance set: queries a buyer types, with what the goods in the top 5 must be.
 * A goods is relevant when it meets every condition given; the test requires the first
 * min(5, number of relevant goods) results to be relevant, on the generated catalogue of 800 goods.
 */
export interface Expect {
  /** Brand name (one of). */
  brand?: string | string[];
  /** Leaf category name (one of). */
  leaf?: string | string[];
  /** Words the name must contain, case-insensitive. */
  name?: string[];
  /** A SKU spec value containing this text. */
  spec?: string;
}

export interface RelevanceCase {
  query: string;
  kind: 'brand+category' | 'category' | 'spec' | 'pinyin' | 'typo' | 'mixed' | 'brand';
  expect: Expect;
}

const phones = ['手机', '老人手机'];

export const RELEVANCE_CASES: RelevanceCase[] = [
  { query: '华为手机', kind: 'brand+category', expect: { brand: '华为', leaf: phones } },
  { query: '小米手机', kind: 'brand+category', expect: { brand: '小米', leaf: phones } },
  { query: '苹果手机', kind: 'brand+category', expect: { brand: '苹果', leaf: '手机' } },
  { query: 'vivo手机', kind: 'brand+category', expect: { brand: 'vivo', leaf: '手机' } },
  { query: '联想笔记本电脑', kind: 'brand+category', expect: { brand: '联想', leaf: '笔记本电脑' } },
  { query: '华为笔记本', kind: 'brand+category', expect: { brand: '华为', leaf: '笔记本电脑' } },
  { query: '李宁跑步鞋', kind: 'brand+category', expect: { brand: '李宁', leaf: '跑步鞋' } },
  { query: '李宁篮球鞋', kind: 'brand+category', expect: { brand: '李宁', leaf: '篮球鞋' } },
  { query: '美的空调', kind: 'brand+category', expect: { brand: '美的', leaf: '空调' } },
  { query: '海尔冰箱', kind: 'brand+category', expect: { brand: '海尔', leaf: '冰箱' } },
  { query: '三只松鼠坚果', kind: 'brand+category', expect: { brand: '三只松鼠', leaf: '坚果' } },
  { query: '科沃斯吸尘器', kind: 'brand+category', expect: { brand: '科沃斯', leaf: '吸尘器' } },
  { query: '兰蔻面霜', kind: 'brand+category', expect: { brand: '兰蔻', leaf: '面霜' } },
  { query: '茅台', kind: 'brand', expect: { brand: '茅台' } },
  { query: '耐克', kind: 'brand', expect: { brand: '耐克' } },
  { query: 'nike', kind: 'brand', expect: { brand: '耐克' } },
  { query: '手机壳', kind: 'category', expect: { leaf: '手机壳' } },
  { query: '跑步鞋', kind: 'category', expect: { leaf: '跑步鞋' } },
  { query: '连衣裙', kind: 'category', expect: { leaf: '连衣裙' } },
  { query: '空气炸锅', kind: 'category', expect: { leaf: '空气炸锅' } },
  { query: '猫粮', kind: 'category', expect: { leaf: '猫粮' } },
  { query: '行李箱', kind: 'category', expect: { leaf: '行李箱' } },
  { query: '口红', kind: 'category', expect: { leaf: '口红' } },
  { query: '纸尿裤', kind: 'category', expect: { leaf: '纸尿裤' } },
  { query: '保温杯', kind: 'category', expect: { leaf: '保温杯' } },
  { query: '积木', kind: 'category', expect: { leaf: '积木' } },
  { query: '256G', kind: 'spec', expect: { spec: '256G' } },
  { query: '16G+512G', kind: 'spec', expect: { spec: '512G' } },
  { query: '65W充电器', kind: 'spec', expect: { leaf: ['充电器', '车载充电器'], spec: '65W' } },
  { query: '55英寸电视', kind: 'spec', expect: { leaf: '电视', spec: '55英寸' } },
  { query: '笔记本电脑 i7', kind: 'spec', expect: { leaf: '笔记本电脑', spec: 'i7' } },
  { query: 'shouji', kind: 'pinyin', expect: { leaf: phones } },
  { query: 'sj', kind: 'pinyin', expect: { leaf: phones } },
  { query: 'huawei', kind: 'pinyin', expect: { brand: '华为' } },
  { query: 'kongtiao', kind: 'pinyin', expect: { leaf: '空调' } },
  { query: 'lianyiqun', kind: 'pinyin', expect: { leaf: '连衣裙' } },
  { query: 'huaweishouji', kind: 'pinyin', expect: { brand: '华为', leaf: phones } },
  { query: '华为手鸡', kind: 'typo', expect: { brand: '华为', leaf: phones } },
  { query: 'iphnoe', kind: 'typo', expect: { name: ['iphone'] } },
  { query: '连衣群', kind: 'typo', expect: { leaf: '连衣裙' } },
  { query: '空汽炸锅', kind: 'typo', expect: { leaf: '空气炸锅' } },
  { query: 'iPhone15 手机壳', kind: 'mixed', expect: { leaf: '手机壳', name: ['iphone 15'] } },
  { query: 'Mate60', kind: 'mixed', expect: { name: ['mate 60'] } },
  { query: '小米14 Ultra', kind: 'mixed', expect: { name: ['小米14 ultra'] } },
  { query: 'MacBook Air', kind: 'mixed', expect: { name: ['macbook air'] } },
  { query: 'redmi手机', kind: 'mixed', expect: { name: ['redmi'], leaf: '手机' } },
  { query: '三星Galaxy', kind: 'mixed', expect: { name: ['galaxy'] } },
];
