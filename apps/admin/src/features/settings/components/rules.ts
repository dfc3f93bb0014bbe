/**
 * The browser's first check of a few settings, mirroring the server's schemas (modules/site/settings.ts),
 * which decide: a site path with one leading slash, or an https address.
 */
export const SITE_LINK = /^(\/(?![/\\])[^\s<>"'`]*|https:\/\/[^\s<>"'`]+)$/;
export const SITE_LINK_MESSAGE = '链接必须是以 / 开头的站内路径或 https 地址';

export const yuanToFen = (yuan: number | null | undefined) => Math.round((yuan ?? 0) * 100);
export const fenToYuan = (fen: number) => fen / 100;
