import type { DetailBlock, GoodsParam, SpecDef } from '../../db/schema/catalog.ts';
import type { BrandRow, GoodsCardRow, GoodsDetailRow, SkuRow } from './catalog.repo.ts';

/** Reply shapes of the catalogue. Money is integer fen (price 129900 is ¥1,299.00). */
export interface CategoryNode {
  id: number;
  name: string;
  level: number;
  sortOrder: number;
  icon: string | null;
  children: CategoryNode[];
}

export interface GoodsCard {
  id: number;
  name: string;
  subtitle: string;
  image: string | null;
  /** Lowest SKU price, fen. */
  price: number;
  marketPrice: number;
  sales: number;
  brandId: number | null;
  brandName: string | null;
  categoryId: number;
  isCrossBorder: boolean;
  /** The store selling it; null for the shop's own goods. */
  storeName: string | null;
}

export function presentCard(row: GoodsCardRow, brandName: string | null): GoodsCard {
  return {
    id: row.id,
    name: row.name,
    subtitle: row.subtitle,
    image: row.image,
    price: row.price_fen,
    marketPrice: row.market_price_fen,
    sales: row.sales,
    brandId: row.brand_id,
    brandName,
    categoryId: row.category_id,
    isCrossBorder: row.is_cross_border,
    storeName: row.supplier_id ? (row.store_name ?? null) : null,
  };
}

export interface SkuView {
  id: number;
  code: string;
  specs: Record<string, string>;
  price: number;
  marketPrice: number;
  stock: number;
}

export interface GoodsDetail extends Omit<GoodsCard, 'image'> {
  images: string[];
  onShelf: boolean;
  /** Spec dimensions in order, with the values the SKUs offer: [{ name: '颜色', values: ['黑色', '白色'] }]. */
  specs: { name: string; values: string[] }[];
  skus: SkuView[];
  stock: number;
  params: GoodsParam[];
  detail: DetailBlock[];
  breadcrumbs: { id: number; name: string }[];
  brand: { id: number; name: string; alias: string | null; logo: string | null } | null;
  /** The store selling it; null for the shop's own goods. */
  store: { id: string; name: string } | null;
  createdAt: string;
}

/**
 * Spec dimensions with the values the SKUs offer, in the order the operator defined (`defs`), and
 * for what they do not name, in order of first use by the SKUs (sorted by their own order).
 */
export function specsOf(defs: SpecDef[], skus: { specs: Record<string, string> }[]): SpecDef[] {
  const used = new Map<string, string[]>();
  for (const sku of skus) {
    for (const [name, value] of Object.entries(sku.specs)) {
      const values = used.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      used.set(name, values);
    }
  }
  const defined = defs.filter((d) => used.has(d.name));
  const known = new Set(defined.map((d) => d.name));
  return [
    ...defined.map((d) => {
      const offered = used.get(d.name)!;
      return {
        name: d.name,
        values: [...d.values.filter((v) => offered.includes(v)), ...offered.filter((v) => !d.values.includes(v))],
      };
    }),
    ...[...used].filter(([name]) => !known.has(name)).map(([name, values]) => ({ name, values })),
  ];
}

export function presentDetail(
  row: GoodsDetailRow,
  skus: SkuRow[],
  breadcrumbs: { id: number; name: string }[],
  brand: BrandRow | null,
): GoodsDetail {
  const { image: _image, ...card } = presentCard(row, brand?.name ?? null);
  return {
    ...card,
    images: row.images,
    onShelf: row.on_shelf,
    specs: specsOf(row.spec_defs ?? [], skus),
    skus: skus.map((s) => ({
      id: s.id,
      code: s.code,
      specs: s.specs,
      price: s.price_fen,
      marketPrice: s.market_price_fen,
      stock: s.stock,
    })),
    stock: skus.reduce((sum, s) => sum + s.stock, 0),
    params: row.params,
    detail: row.detail,
    breadcrumbs,
    brand: brand ? { id: brand.id, name: brand.name, alias: brand.alias, logo: brand.logo } : null,
    store: row.supplier_id ? { id: row.supplier_id, name: row.store_name ?? '' } : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
