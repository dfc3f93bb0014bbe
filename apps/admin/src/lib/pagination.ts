import type { TablePaginationConfig } from 'antd';

/** The page sizes every console table offers (the server allows at most 50). */
export const PAGE_SIZES = [10, 20, 50];

/**
 * antd Table pagination for a page the server cut: where we are, how many there are in all (said
 * in the screen's own words, 共 N 个订单) and what to do when the operator moves.
 */
export function serverPagination(p: {
  pageNum: number;
  pageSize: number;
  total: number | undefined;
  totalText: (total: number) => string;
  onChange?: (pageNum: number, pageSize: number) => void;
  pageSizes?: number[];
}): TablePaginationConfig {
  return {
    current: p.pageNum,
    pageSize: p.pageSize,
    total: p.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: p.pageSizes ?? PAGE_SIZES,
    showTotal: p.totalText,
    onChange: p.onChange,
  };
}
