import { useEffect } from 'react';

/**
 * Chinese names for icon-only controls whose icon carries antd's English name (@ant-design/icons
 * writes the icon's file name, e.g. "search", into aria-label, and antd's own pickers, pagers and
 * dialogs use them the same way). An icon with a Chinese aria-label set at the source is left alone.
 */
const ICON_NAMES: Record<string, string> = {
  search: '搜索',
  close: '关闭',
  'close-circle': '清除',
  left: '上一页',
  right: '下一页',
  up: '向上',
  down: '展开',
  'double-left': '向前五页',
  'double-right': '向后五页',
  eye: '显示密码',
  'eye-invisible': '隐藏密码',
  plus: '添加',
  minus: '减少',
  delete: '删除',
  edit: '编辑',
  'shopping-cart': '购物车',
  user: '会员中心',
  heart: '收藏',
  star: '星级',
  'arrow-up': '置顶',
  'vertical-align-top': '回到顶部',
  camera: '拍照',
  picture: '图片',
};

/** Controls whose name a screen reader reads from their content. */
const CONTROL = 'button, a, [role="button"], [role="tab"], [role="menuitem"], [role="option"], label, li[title]';

/**
 * An icon beside text (a button with words, a menu entry, a status line) is decoration: hidden
 * from screen readers. An icon that is a control's only content names it, in Chinese.
 */
function nameIcon(icon: HTMLElement) {
  const english = icon.getAttribute('aria-label') ?? '';
  if (!/^[a-z][a-z0-9-]*$/.test(english)) return;
  const control = icon.parentElement?.closest<HTMLElement>(CONTROL);
  const named = control && (control.textContent?.trim() || control.getAttribute('aria-label') || control.getAttribute('title'));
  if (!control || named) {
    icon.setAttribute('aria-hidden', 'true');
    icon.removeAttribute('aria-label');
    return;
  }
  icon.setAttribute('aria-label', ICON_NAMES[english] ?? '图标');
}

/** antd's result illustrations carry English titles ("No Found"); the title and text beside them say it. */
const ILLUSTRATION = '.ant-result-image svg, .ant-result-icon svg';

function nameIconsIn(node: Node) {
  if (!(node instanceof Element)) return;
  if (node.matches('.anticon[role="img"]')) nameIcon(node as HTMLElement);
  node.querySelectorAll<HTMLElement>('.anticon[role="img"]').forEach(nameIcon);
  if (node.matches(ILLUSTRATION)) node.setAttribute('aria-hidden', 'true');
  node.querySelectorAll(ILLUSTRATION).forEach((svg) => svg.setAttribute('aria-hidden', 'true'));
}

/** Watches the whole page (dialogs and drop-downs render outside the app's root). */
export function IconNames() {
  useEffect(() => {
    nameIconsIn(document.body);
    const observer = new MutationObserver((changes) => {
      for (const change of changes) change.addedNodes.forEach(nameIconsIn);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
