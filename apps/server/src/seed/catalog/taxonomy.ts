/** Shapes of the data the demo catalogue is generated from. */
export const SHAPES = [
  'phone', 'laptop', 'watch', 'headphones', 'speaker', 'camera', 'tv', 'fridge', 'washer', 'appliance', 'kettle',
  'fan', 'dress', 'tshirt', 'jacket', 'pants', 'shoe', 'bag', 'suitcase', 'bottle', 'lipstick', 'jar', 'snack',
  'fruit', 'meat', 'fish', 'wine', 'tea', 'milk', 'baby', 'toy', 'blocks', 'sofa', 'bed', 'chair', 'lamp', 'pan',
  'cup', 'book', 'pen', 'guitar', 'pill', 'pet', 'car', 'tyre', 'ring', 'keyboard', 'monitor', 'printer', 'cable',
  'tent', 'dumbbell', 'ball', 'case', 'socks',
] as const;
export type Shape = (typeof SHAPES)[number];

export interface LeafDef {
  name: string;
  /** Product nouns used in names, e.g. 5G手机, 智能手机. */
  nouns: string[];
  shape: Shape;
  /** Price range in yuan of the cheapest SKU. */
  price: [number, number];
  brands: string[];
  /** Up to two spec dimensions; a goods offers a subset of each. The second dimension raises the price. */
  specs: Record<string, string[]>;
  /** Series per brand, e.g. 华为 → Mate 60 Pro. */
  models?: Record<string, string[]>;
  /** Accessories named after the phone they fit (适用 Apple iPhone 15). */
  fitsPhones?: boolean;
  adjectives?: string[];
  params?: Record<string, string[]>;
  /** How many goods this leaf gets relative to others (default 1). */
  weight?: number;
}

export interface MidDef {
  name: string;
  leaves: LeafDef[];
}

export interface TopDef {
  name: string;
  shape: Shape;
  adjectives: string[];
  subtitles: string[];
  highlights: string[];
  params: Record<string, string[]>;
  mids: MidDef[];
}

export function leaf(
  name: string,
  nouns: string[],
  shape: Shape,
  price: [number, number],
  brands: string[],
  specs: Record<string, string[]>,
  extra: Partial<LeafDef> = {},
): LeafDef {
  return { name, nouns, shape, price, brands, specs, ...extra };
}

export const COLORS = ['黑色', '白色', '银色', '深空灰', '蓝色', '红色', '金色', '绿色', '紫色', '粉色'];
export const CLOTHES_COLORS = ['黑色', '白色', '藏青', '卡其', '灰色', '米白', '酒红', '雾霾蓝', '燕麦色'];
export const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
export const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44'];
