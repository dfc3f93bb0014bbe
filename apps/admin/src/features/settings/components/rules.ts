/**
 * The browser's first check of a few settings, mirroring the server's schemas (modules/site/settings.ts),
 * which decide: a site path with one leading slash, or an https address.
 */
export const SITE_LINK = /^(\/(?![/\\])[^\s<>"'`]*|https:\/\/[^\s<>"'`]+)$/;
export const SITE_LINK_MESSAGE = '链接必须是以 / 开头的站内路径或 https 地址';

export const fenToYuan = (fen: number) => fen / 100;

/** A whole number within the server's bounds, e.g. integer('付款时限', 1, 1440, '分钟') → 付款时限为 1–1440 分钟的整数. */
export const integer = (label: string, min: number, max: number, unit: string) => [
  { required: true, message: `请填写${label}` },
  { type: 'integer' as const, min, max, message: `${label}为 ${min}–${max} ${unit}的整数` },
];
