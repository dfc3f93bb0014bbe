import { describe, expect, it } from 'vitest';
import { highlightName, parseQuery } from './tokenize.ts';

const highlight = (name: string, keyword: string) => highlightName(name, parseQuery(keyword).highlight);

describe('highlightName', () => {
  it.each([
    ['华为 Mate 60 Pro 智能手机', '华为手机', '<em>华为</em> Mate 60 Pro 智能<em>手机</em>'],
    ['手机壳 手机', '手机', '<em>手机</em>壳 <em>手机</em>'],
    ['小米14 Ultra', '小米14 Ultra', '<em>小米14</em> <em>Ultra</em>'],
    ['无关的名字', '手机', '无关的名字'],
    ['', '手机', ''],
    ['<b>手机</b> & "壳"', '手机', '&lt;b&gt;<em>手机</em>&lt;/b&gt; &amp; &quot;壳&quot;'],
  ])('%s, searched as %s', (name, keyword, expected) => {
    expect(highlight(name, keyword)).toBe(expected);
  });
});
