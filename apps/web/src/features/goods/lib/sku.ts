/**
 * The SKU picker's rules, kept pure so they can be tested by table: a value can be chosen when at
 * least one SKU with stock matches it together with the other dimensions already chosen.
 * Combinations that do not exist and sold-out ones are both disabled; the picker tells them apart.
 */
export interface PickableSku {
  id: number;
  specs: Record<string, string>;
  stock: number;
}

export interface SpecDimension {
  name: string;
  values: string[];
}

export type Selection = Record<string, string | undefined>;

/** Dimensions in the order the SKUs first name them, values in order of first appearance. */
export function dimensionsOf(skus: PickableSku[]): SpecDimension[] {
  const dims = new Map<string, string[]>();
  for (const sku of skus) {
    for (const [name, value] of Object.entries(sku.specs)) {
      const values = dims.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      dims.set(name, values);
    }
  }
  return [...dims].map(([name, values]) => ({ name, values }));
}

function matches(sku: PickableSku, selection: Selection): boolean {
  return Object.entries(selection).every(([name, value]) => value === undefined || sku.specs[name] === value);
}

export type ValueState = 'available' | 'soldOut' | 'missing';

/** Whether `value` of `dim` can be picked, given the other dimensions' choices. */
export function valueState(skus: PickableSku[], selection: Selection, dim: string, value: string): ValueState {
  const wanted = { ...selection, [dim]: value };
  const candidates = skus.filter((s) => matches(s, wanted));
  if (candidates.length === 0) return 'missing';
  return candidates.some((s) => s.stock > 0) ? 'available' : 'soldOut';
}

/** The SKU named by a complete selection, if any. */
export function selectedSku<T extends PickableSku>(skus: T[], dims: SpecDimension[], selection: Selection): T | undefined {
  if (dims.some((d) => !selection[d.name])) return undefined;
  return skus.find((s) => matches(s, selection));
}

/** The first SKU in stock, pre-selected so the buyer sees a price and stock at once. */
export function initialSelection(skus: PickableSku[], dims: SpecDimension[]): Selection {
  const sku = skus.find((s) => s.stock > 0);
  if (!sku) return {};
  return Object.fromEntries(dims.map((d) => [d.name, sku.specs[d.name]]));
}

/**
 * Clicking a value: select it (or unselect when it was selected). Choices of other dimensions that
 * no longer lead to a SKU in stock are dropped, so the buyer is never left on an impossible combination.
 */
export function toggleValue(skus: PickableSku[], dims: SpecDimension[], selection: Selection, dim: string, value: string): Selection {
  if (selection[dim] === value) return { ...selection, [dim]: undefined };
  const next: Selection = { ...selection, [dim]: value };
  for (const d of dims) {
    if (d.name === dim || !next[d.name]) continue;
    if (valueState(skus, { ...next, [d.name]: undefined }, d.name, next[d.name]!) !== 'available') next[d.name] = undefined;
  }
  return next;
}
