import { useEffect } from 'react';
import { useSiteConfig } from '../lib/siteConfig.ts';

/**
 * The browser icon comes from the site configuration's buyerIcon (spec §3), which an operator sets
 * in 站点设置 (an uploaded PNG, JPEG or WebP, or the default SVG).
 */
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
    // The page's own icon is an SVG: a type hint left on the tag would make a PNG one be skipped.
    link.removeAttribute('type');
    link.href = data.buyerIcon;
  }, [data?.buyerIcon]);
  return null;
}
