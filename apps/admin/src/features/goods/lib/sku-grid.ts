import type { SkuView, SpecDef } from '../../../entities/goods/types.ts';

/**
 * The SKU grid of the editor: one row per combination of the spec values (颜色 × 容量), rebuilt
 * when the dimensions change while keeping what was typed into the rows that still make sense.
 * Money here is fen; the grid's inputs show yuan.
 */
export interface GridRow {
  /** Stable row key: the values in dimension order (`["红","128G"]`). */
  key: string;
  /** The SKU this row is, once saved (its stock then moves only through 库存). */
  id?: number;
  specs: Record<string, string>;
  price: number | null;
  marketPrice: number | null;
  /** Opening stock of a new row; for a saved SKU, its stock now (read-only). */
  stock: number | null;
  code: string;
}

/** Dimensions that can make rows: named, with at least one value (half-typed ones are left out). */
export function usableDims(dims: SpecDef[]): SpecDef[] {
  return dims
    .filter((d) => d.name.trim() && d.values.length > 0)
    .map((d) => ({ name: d.name.trim(), values: d.values }));
}

export function keyOf(specs: Record<string, string>, dims: SpecDef[]): string {
  return JSON.stringify(dims.map((d) => specs[d.name] ?? ''));
}

/** Every combination of the values, first dimension slowest (红128G, 红256G, 蓝128G…); one empty combination without dimensions. */
export function combinations(dims: SpecDef[]): Record<string, string>[] {
  return dims.reduce<Record<string, string>[]>(
    (acc, d) => acc.flatMap((specs) => d.values.map((v) => ({ ...specs, [d.name]: v }))),
    [{}],
  );
}

/** How well an old row fits a new combination: every value they share agrees; more shared is better. */
function fit(old: Record<string, string>, next: Record<string, string>): number {
  let shared = 0;
  for (const [name, value] of Object.entries(old)) {
    if (!(name in next)) continue;
    if (next[name] !== value) return -1;
    shared++;
  }
  return shared;
}

/**
 * The rows for new dimensions. A combination that existed keeps its row; when a dimension is added
 * or removed, the first combination a saved SKU fits takes it over (so its id, code and stock stay),
 * the others copy its prices as a start. Rows the operator removed stay removed unless their values
 * are new.
 */
export function rebuildRows(
  dims: SpecDef[],
  previous: GridRow[],
  removedKeys: ReadonlySet<string> = new Set(),
): GridRow[] {
  const used = new Set<GridRow>();
  return combinations(dims)
    .map((specs): GridRow | null => {
      const key = keyOf(specs, dims);
      if (removedKeys.has(key)) return null;
      let best: GridRow | undefined;
      let bestFit = -1;
      for (const row of previous) {
        const f = fit(row.specs, specs);
        if (f > bestFit || (f === bestFit && best && used.has(best) && !used.has(row))) {
          best = row;
          bestFit = f;
        }
      }
      if (best && bestFit >= 0 && !used.has(best)) {
        used.add(best);
        return { ...best, key, specs };
      }
      return {
        key,
        specs,
        price: best && bestFit >= 0 ? best.price : null,
        marketPrice: best && bestFit >= 0 ? best.marketPrice : null,
        stock: null,
        code: '',
      };
    })
    .filter((r): r is GridRow => r !== null);
}

export function rowsFromSkus(skus: SkuView[], dims: SpecDef[]): GridRow[] {
  return skus.map((s) => ({
    key: keyOf(s.specs, dims),
    id: s.id,
    specs: s.specs,
    price: s.price,
    marketPrice: s.marketPrice,
    stock: s.stock,
    code: s.code,
  }));
}

export function fenToYuan(fen: number | null | undefined): number | null {
  return fen === null || fen === undefined ? null : fen / 100;
}

/** The first thing wrong with the grid, said the way the server would, or null. */
export function gridProblem(rows: GridRow[]): string | null {
  if (!rows.length) return '请至少保留 1 个 SKU';
  for (const [i, r] of rows.entries()) {
    const row = `SKU 第 ${i + 1} 行`;
    if (r.price === null || r.price <= 0) return `${row}：请填写售价`;
    if (r.id === undefined && r.stock === null) return `${row}：请填写库存`;
    if (r.marketPrice !== null && r.marketPrice > 0 && r.marketPrice < r.price)
      return `${row}：市场价不能低于售价（不设市场价请填 0）`;
  }
  return null;
}
