import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Highlight, highlightText, parseHighlight } from './highlight.tsx';

describe('parseHighlight', () => {
  it.each([
    ['华为 <em>手机</em> 256G', [{ text: '华为 ', hit: false }, { text: '手机', hit: true }, { text: ' 256G', hit: false }]],
    ['<em>华为</em><em>手机</em>', [{ text: '华为手机', hit: true }]],
    ['no match', [{ text: 'no match', hit: false }]],
    ['', []],
    ['A&amp;B &lt;b&gt;x&lt;/b&gt; &quot;q&quot; it&#39;s', [{ text: 'A&B <b>x</b> "q" it\'s', hit: false }]],
    ['<EM>大</EM>写', [{ text: '大', hit: true }, { text: '写', hit: false }]],
  ])('%s', (html, parts) => {
    expect(parseHighlight(html)).toEqual(parts);
  });

  it('gives the plain text', () => {
    expect(highlightText('<em>iPhone</em> 15 &amp; 壳')).toBe('iPhone 15 & 壳');
  });
});

describe('<Highlight>', () => {
  it('renders escaped markup as text, never as elements', () => {
    const { container } = render(<Highlight html={'&lt;img src=x onerror=alert(1)&gt;<em>手机</em><script>x</script>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelectorAll('em')).toHaveLength(1);
    expect(container.querySelector('em')).toHaveTextContent('手机');
    expect(container.textContent).toBe('<img src=x onerror=alert(1)>手机<script>x</script>');
  });
});
