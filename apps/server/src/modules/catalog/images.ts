import { SHAPE_ART } from './goods-shapes.ts';

/**
 * Goods pictures drawn on request, deterministically from the goods id: the look of the top
 * category (palette), the silhouette of the leaf category, the brand initial on a badge, and a
 * product colour and layout that differ per goods and per picture number.
 */

/** Background, accent and ink per top-category silhouette. */
const PALETTES: Record<string, [string, string, string]> = {
  phone: ['#e8f1ff', '#3b82f6', '#1e3a8a'],
  laptop: ['#eef2f7', '#64748b', '#0f172a'],
  fridge: ['#eafaf3', '#10b981', '#064e3b'],
  tshirt: ['#fdf2f8', '#ec4899', '#831843'],
  bag: ['#fff7ed', '#f97316', '#7c2d12'],
  shoe: ['#ecfeff', '#06b6d4', '#164e63'],
  bottle: ['#fdf4ff', '#c026d3', '#701a75'],
  snack: ['#fffbeb', '#f59e0b', '#78350f'],
  fruit: ['#f0fdf4', '#22c55e', '#14532d'],
  wine: ['#fef2f2', '#dc2626', '#7f1d1d'],
  toy: ['#eff6ff', '#60a5fa', '#1e40af'],
  sofa: ['#faf5ef', '#b45309', '#451a03'],
  pan: ['#f5f5f4', '#78716c', '#1c1917'],
  book: ['#f0f9ff', '#0ea5e9', '#0c4a6e'],
  pill: ['#f0f9ff', '#0284c7', '#082f49'],
  pet: ['#fefce8', '#ca8a04', '#713f12'],
  car: ['#f1f5f9', '#475569', '#020617'],
  ring: ['#fffbeb', '#d4a017', '#422006'],
};
const FALLBACK: [string, string, string] = ['#f5f3ff', '#a387bc', '#3b0764'];
const PRODUCT_COLOURS = ['#1f2937', '#e5e7eb', '#2563eb', '#dc2626', '#059669', '#7c3aed', '#db2777', '#d97706', '#0891b2', '#a3a3a3', '#a387bc', '#65a30d'];

export interface PictureFacts {
  goodsId: number;
  n: number;
  topShape: string;
  leafShape: string;
  brand: string | null;
  alias: string | null;
}

function hash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x5bd1e995, 0x27d4eb2d) ^ Math.imul(b + 0x165667b1, 0x9e3779b1);
  h ^= h >>> 15;
  return (Math.imul(h, 0x85ebca6b) ^ (h >>> 13)) >>> 0;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function brandInitial(brand: string | null, alias: string | null): string {
  const latin = alias?.match(/[A-Za-z0-9]/)?.[0];
  if (latin) return latin.toUpperCase();
  return brand ? Array.from(brand)[0]! : '优';
}

export function renderGoodsPicture(f: PictureFacts): string {
  const [bg, accent, ink] = PALETTES[f.topShape] ?? FALLBACK;
  const h = hash(f.goodsId, f.n);
  const product = PRODUCT_COLOURS[hash(f.goodsId, 0) % PRODUCT_COLOURS.length]!;
  const art = (SHAPE_ART[f.leafShape] ?? SHAPE_ART.bag!).replaceAll('"F"', `"${product}"`).replaceAll('"A"', `"${accent}"`).replaceAll('"K"', `"${ink}"`);
  // picture 1 is the front view; the others turn, zoom and move the product like a gallery would
  const layouts = [
    { scale: 2.6, rotate: 0, x: 140, y: 150 },
    { scale: 2.2, rotate: -12, x: 190, y: 170 },
    { scale: 3.4, rotate: 8, x: 60, y: 80 },
    { scale: 2.0, rotate: 0, x: 200, y: 230 },
  ];
  const l = layouts[(f.n - 1) % layouts.length]!;
  const dots = Array.from({ length: 5 }, (_, i) => {
    const k = hash(h, i + 1);
    return `<circle cx="${k % 800}" cy="${(k >>> 10) % 800}" r="${30 + ((k >>> 20) % 90)}" fill="${accent}" opacity="0.${1 + (i % 2)}"/>`;
  }).join('');
  const stripes = f.n % 2 === 0 ? `<path d="M0 640 L800 520 V800 H0 Z" fill="${accent}" opacity="0.12"/>` : '';
  const initial = esc(brandInitial(f.brand, f.alias));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/>${dots}${stripes}
<ellipse cx="400" cy="${690}" rx="230" ry="26" fill="${ink}" opacity="0.12"/>
<g transform="translate(${l.x} ${l.y}) rotate(${l.rotate} 260 260) scale(${l.scale})">${art}</g>
<g transform="translate(56 56)"><circle r="40" cx="40" cy="40" fill="${ink}"/><text x="40" y="54" font-size="40" text-anchor="middle" fill="#fff" font-family="PingFang SC, Microsoft YaHei, WenQuanYi Micro Hei, sans-serif" font-weight="700">${initial}</text></g>
</svg>`;
}

/** A category icon: the silhouette on a soft round tile. */
export function renderCategoryIcon(shape: string): string | null {
  const art = SHAPE_ART[shape];
  if (!art) return null;
  const [bg, accent, ink] = PALETTES[shape] ?? FALLBACK;
  const body = art.replaceAll('"F"', `"${accent}"`).replaceAll('"A"', `"${ink}"`).replaceAll('"K"', `"${ink}"`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="64" height="64"><circle cx="100" cy="100" r="100" fill="${bg}"/><g transform="translate(30 30) scale(0.7)">${body}</g></svg>`;
}
