import { describe, expect, it } from 'vitest';
import { highlightName, nameHighlighter, parseQuery } from './tokenize.ts';

const highlight = (name: string, keyword: string) => highlightName(name, parseQuery(keyword).highlight);

describe('highlightName', () => {
  it.each([
    ['华为 Mate 60 Pro 智能手机', '华为手机', '<em>华为</em> Mate 60 Pro 智能<em>手机</em>'],
    ['手机壳 手机', '手机', '<em>手机</em>壳 <em>手机</em>'],
    ['小米14 Ultra', '小米14 Ultra', '<em>小米14</em> <em>Ultra</em>'],
    ['无关的名字', '手机', '无关的名字'],
    ['', '手机', ''],
    ['<b>手机</b> & "壳"', '手机', '&lt;b&gt;<em>手机</em>&lt;/b&gt; &amp; &quot;壳&quot;'],
    ["Tom & Jerry's 积木", '积木', 'Tom &amp; Jerry&#39;s <em>积木</em>'],
    ['ＡＢＣ 手机', '手机', 'ＡＢＣ <em>手机</em>'],
    ['Ａ&Ｂ', 'ａ', '<em>Ａ</em>&amp;Ｂ'],
    ['ﬁ手机 & 壳', '手机', 'ﬁ手机 &amp; 壳'],
  ])('%s, searched as %s', (name, keyword, expected) => {
    expect(highlight(name, keyword)).toBe(expected);
  });
});

describe('nameHighlighter', () => {
  it('marks each name as highlightName does, also when it has forgotten the names it marked', () => {
    const words = parseQuery('华为手机').highlight;
    const highlight = nameHighlighter(words, 2);
    const names = [
      '华为 Mate 60 Pro 智能手机',
      '<b>手机</b> & "壳"',
      '无关的名字',
      '华为 Mate 60 Pro 智能手机',
      '手机壳 手机',
    ];
    for (const name of [...names, ...names]) expect(highlight(name)).toBe(highlightName(name, words));
  });
});
