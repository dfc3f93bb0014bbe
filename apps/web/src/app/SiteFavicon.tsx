import { useEffect } from 'react';
import { useSiteConfig } from '../lib/siteConfig.ts';

/** The browser icon comes from the site configuration's buyerIcon (spec §3). */
export function SiteFavicon() {
  const { data } = useSiteConfig();
  useEffect(() => {
    if (!data?.buyerIcon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = data.buyerIcon;
  }, [data?.buyerIcon]);
  return null;
}
