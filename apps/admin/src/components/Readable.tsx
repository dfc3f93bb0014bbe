import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';

/**
 * Text at ≥ 4.5:1 (WCAG AA) on the screens wrapped in it (秒杀/活动, 活动页面): the shop's purple
 * (#a387bc) under white text measures about 3:1, so the primary is a shade darker here (the links
 * already are, console-wide, in app/theme.ts), and so are the muted greys (placeholders, help lines).
 */
const readable: ThemeConfig = {
  token: {
    colorPrimary: '#7c5c9b',
    colorInfo: '#7c5c9b',
    colorTextDescription: '#595959',
    colorTextTertiary: '#595959',
    colorTextPlaceholder: '#6b6b6b',
  },
};

export const Readable = ({ children }: { children: ReactNode }) => (
  <ConfigProvider theme={readable}>{children}</ConfigProvider>
);
