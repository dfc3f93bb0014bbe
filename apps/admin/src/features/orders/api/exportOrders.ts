import { REQUEST_TIMEOUT_MS } from '@mall/shared';
import { request, toQueryString } from '../../../lib/request.ts';
import { tokenStore } from '../../../lib/token.ts';
import type { OrderFilter } from './getOrderPage.ts';

const FILE_NAME = /filename\*=UTF-8''([^;]+)/i;

/**
 * Downloads the filtered list as CSV (GET /ops/order/export). The file is fetched with the
 * operator's token and saved through a blob link. When the server refuses (too many orders, no
 * permission, session over) it answers with the JSON envelope instead of a file: the same call
 * then goes once through the request helper, which shows the Chinese message and handles the
 * session codes like every other call, and rejects.
 */
export async function downloadOrdersCsv(filter: OrderFilter): Promise<number> {
  const url = `/ops/order/export${toQueryString({ ...filter })}`;
  const token = tokenStore.get();
  const res = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 6),
  });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
    await request.get('/ops/order/export', { ...filter }, { timeoutMs: REQUEST_TIMEOUT_MS * 6 });
    throw new Error('导出失败，请稍后再试');
  }
  const blob = await res.blob();
  const name = FILE_NAME.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name ? decodeURIComponent(name) : '订单导出.csv';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return Number(res.headers.get('x-export-count') ?? 0);
}
