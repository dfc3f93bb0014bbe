import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';

/**
 * Text on these screens at ≥ 4.5:1 (WCAG AA), as on 秒杀/活动: the shop's purple a shade darker for
 * the primary and links, the muted greys darker too.
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

export const Readable = ({ children }: { children: ReactNode }) => <ConfigProvider theme={readable}>{children}</ConfigProvider>;
