import fs from 'node:fs';
import path from 'node:path';

/**
 * The pages buyers land on from outside (a shared link, a search engine) get their screen's scripts and
 * styles named in the page itself, so the browser fetches them beside the app's entry instead of after
 * it has started: one round trip less before the first screen. The screens are read from the build's
 * manifest (apps/web/vite.config.ts writes dist/.vite/manifest.json); the other pages load their screen
 * as before.
 */
export const LANDING_SCREENS: Record<string, string> = {
  '/': 'src/features/home/screens/HomePage.tsx',
  '/goodsList': 'src/features/search/screens/GoodsListPage.tsx',
  '/goodsDetail': 'src/features/goods/screens/GoodsDetailPage.tsx',
};

/**
 * The parts of a landing screen in chunks of their own that the server renders for a PC (the home's
 * coupon and 秒杀 strips). A rendered page names their scripts too, so that they have come when React
 * takes the page over: a click on a part whose script has not come yet is lost (measured: 6 of 16 clicks
 * on the goods page's 评价 tab right after load did nothing; 0 of 28 once named; on a busy machine it came
 * back, 3 in 4, so the goods page's tabs are now in its screen's own chunk).
 */
export const RENDERED_PARTS: Record<string, string[]> = {
  '/': ['src/features/home/components/CouponHomeStrip.tsx', 'src/features/home/components/FlashSaleStrip.tsx'],
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Files a chunk needs before it runs: itself and its static imports, each once. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, seen);
  return seen;
}

/**
 * `<link>` tags for the screen's files that the entry does not already load. A page the server rendered
 * (lib/server-render.ts) shows its screen before any script has run, so its styles are linked as
 * stylesheets rather than preloaded, and with them those of the parts the screen loads later, which the
 * server rendered too (the goods page's tabs); the scripts of `parts` (RENDERED_PARTS) are named too.
 */
export function preloadTags(
  manifest: Manifest,
  screen: string,
  { rendered = false, parts = [] as string[] } = {},
  base = '/',
): string {
  if (!manifest[screen]) return '';
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const loaded = entryKey ? closure(manifest, entryKey) : new Set<string>();
  const loadedCss = new Set([...loaded].flatMap((k) => manifest[k]!.css ?? []));
  const tags: string[] = [];
  const css = new Set<string>();
  const scripts = closure(manifest, screen);
  if (rendered) for (const part of parts) closure(manifest, part, scripts);
  for (const key of scripts) {
    if (loaded.has(key)) continue;
    tags.push(`<link rel="modulepreload" crossorigin href="${base}${manifest[key]!.file}">`);
    for (const file of manifest[key]!.css ?? []) if (!loadedCss.has(file)) css.add(file);
  }
  if (rendered) {
    for (const part of manifest[screen].dynamicImports ?? [])
      for (const key of closure(manifest, part)) for (const file of manifest[key]?.css ?? []) css.add(file);
    for (const file of css)
      if (!loadedCss.has(file)) tags.push(`<link rel="stylesheet" crossorigin href="${base}${file}">`);
  } else {
    for (const file of css) tags.push(`<link rel="preload" as="style" crossorigin href="${base}${file}">`);
  }
  return tags.join('');
}

/** Reads the build's manifest, again only when the build changed (a new build needs no restart). */
export function landingPreloads(dist: string): (urlPath: string, options?: { rendered?: boolean }) => string {
  const file = path.join(dist, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; tags: Map<string, string> } | undefined;
  return (urlPath, { rendered = false } = {}) => {
    const screen = LANDING_SCREENS[urlPath];
    if (!screen) return '';
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return ''; // built without a manifest: the page works, a little later
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
      const tags = new Map(
        Object.entries(LANDING_SCREENS).flatMap(([p, s]) => [
          [p, preloadTags(manifest, s)],
          [`${p} rendered`, preloadTags(manifest, s, { rendered: true, parts: RENDERED_PARTS[p] })],
        ]),
      );
      cached = { mtimeMs, tags };
    }
    return cached.tags.get(rendered ? `${urlPath} rendered` : urlPath) ?? '';
  };
}
