import type { DetailBlock, GoodsParam, SpecDef } from '../../../entities/goods/types.ts';

/**
 * The goods area's own shapes (apps/server/src/modules/catalog/*-admin.service.ts): what a save sends,
 * the brands. The goods and the category tree as read are in entities/goods/types.ts. Money in fen.
 */

/** What create and update send; an existing SKU carries its id and no stock (库存 changes it, with a reason). */
export interface SkuInput {
  id?: number;
  specs: Record<string, string>;
  price: number;
  marketPrice: number;
  stock?: number;
  code?: string;
}

export interface GoodsInput {
  name: string;
  subtitle?: string;
  categoryId: number;
  brandId: number | null;
  images: string[];
  params: GoodsParam[];
  detail: DetailBlock[];
  isCrossBorder: boolean;
  onShelf?: boolean;
  specs: SpecDef[];
  skus: SkuInput[];
}

export interface Brand {
  id: number;
  name: string;
  alias: string | null;
  logo: string | null;
  sortOrder: number;
  goodsCount: number;
}

export interface BrandPage {
  list: Brand[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface UploadedImage {
  name: string;
  url: string;
}
