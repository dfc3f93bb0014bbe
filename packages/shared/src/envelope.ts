/** Every API reply: `{ code, message, data, success }`, success being `code === 0`. */
export interface Reply<T = unknown> {
  code: number;
  message: string;
  data: T;
  success: boolean;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export function ok<T>(data: T, message = '操作成功'): Reply<T> {
  return { code: 0, message, data, success: true };
}

export function fail(code: number, message: string, data: unknown = null): Reply<unknown> {
  return { code, message, data, success: false };
}
