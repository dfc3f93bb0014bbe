import type { ThemeConfig } from 'antd';
import { THEME } from '@mall/shared';

/** Spec §9: purple primary; table header #F3F3F3 with #666666 text. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: THEME.primary,
    colorLink: THEME.primary,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Table: { headerBg: THEME.tableHeaderBg, headerColor: THEME.tableHeaderText },
  },
};
