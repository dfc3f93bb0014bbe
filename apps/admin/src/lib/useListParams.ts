import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from './pagination.ts';

/**
 * A list screen's filters and page kept in the address (so 刷新 and 返回 keep them): `pick` reads a
 * parameter only when it is one of the allowed values; `update` sets or clears parameters (an empty
 * value clears); `page` and `onPage` keep `page` and `size` out of the address at their defaults.
 */
export function useListParams(defaultSize = 10) {
  const [params, setParams] = useSearchParams();
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | undefined =>
    allowed.find((v) => v === params.get(name));
  const page = {
    pageNum: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : defaultSize,
  };
  const update = (patch: Record<string, string | number | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });
  const onPage = (p: number, size: number) =>
    update({ page: p === 1 ? undefined : p, size: size === defaultSize ? undefined : size });
  return { params, pick, page, update, onPage };
}
