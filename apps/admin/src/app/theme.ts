import type { ThemeConfig } from 'antd';
import { READABLE_STATUS_TEXT, READABLE_TAG_TEXT, THEME } from '@mall/shared';

/**
 * The shop's purple on a light console: white sider and header on a soft grey page, compact tables
 * (operators read many rows), the shop's table header colours. Every text and every fill under white text
 * reads at ≥ 4.5:1 (WCAG 2 AA): the shop's #a387bc under white is 3.11:1 and looked disabled on primary
 * buttons, so the console's primary is a darker shade of it (#7c5c9b: white on it 5.5:1, as text on white
 * 5.5:1); antd's muted greys (rgba(0,0,0,.45), 3.36:1) are rgba(0,0,0,.6) (5.74:1 on white, 5.2:1 on the
 * page's #f4f3f7), as the screens' own muted text is.
 */
export const SIDER_WIDTH = 216;

const STRONG_PURPLE = '#7c5c9b';
const MUTED_TEXT = 'rgba(0, 0, 0, 0.6)';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: STRONG_PURPLE,
    colorLink: STRONG_PURPLE,
    colorError: '#cf1322',
    colorInfo: STRONG_PURPLE,
    colorTextDescription: MUTED_TEXT,
    colorTextTertiary: MUTED_TEXT,
    colorTextPlaceholder: '#6b6b6b',
    borderRadius: 6,
    colorBgLayout: '#f4f3f7',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 24px', bodyBg: '#f4f3f7' },
    Menu: {
      itemBg: '#ffffff',
      subMenuItemBg: '#ffffff',
      itemSelectedBg: '#f3eef8',
      itemSelectedColor: STRONG_PURPLE,
      itemHoverBg: '#f7f4fa',
      itemActiveBg: '#efe7f6',
      itemBorderRadius: 6,
      itemMarginInline: 8,
      itemHeight: 40,
      groupTitleColor: 'rgba(0, 0, 0, 0.6)',
      groupTitleFontSize: 12,
    },
    Table: {
      headerBg: THEME.tableHeaderBg,
      headerColor: THEME.tableHeaderText,
      cellPaddingBlock: 10,
      cellPaddingInline: 12,
      cellPaddingBlockSM: 8,
    },
    Card: { paddingLG: 20 },
    Tag: { ...READABLE_STATUS_TEXT, ...READABLE_TAG_TEXT },
    Typography: READABLE_STATUS_TEXT,
  },
};

/** The same theme without antd's motion, for a person whose system asks for reduced motion. */
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
