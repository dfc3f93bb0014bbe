import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';

/**
 * Text on these screens at ≥ 4.5:1 (WCAG AA): the shop's purple (#a387bc) as text or under white
 * text measures about 3:1, so the primary, the links and the muted greys (placeholders, help lines)
 * are a shade darker here; the rest of the console's theme is kept.
 */
const readable: ThemeConfig = {
  token: {
    colorPrimary: '#7c5c9b',
    colorLink: '#7c5c9b',
    colorInfo: '#7c5c9b',
    colorTextDescription: '#595959',
    colorTextTertiary: '#595959',
    colorTextPlaceholder: '#6b6b6b',
  },
};

export const Readable = ({ children }: { children: ReactNode }) => (
  <ConfigProvider theme={readable}>{children}</ConfigProvider>
);
