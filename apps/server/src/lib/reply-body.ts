/**
 * The reply envelope of a success (`ok` in @mall/shared) around data that is already JSON text,
 * encoded to UTF-8: for the cached reads, which keep the bytes and send them as they are, instead of
 * serialising and encoding the same Chinese text on every request.
 */
export function okBody(json: string): Buffer {
  return Buffer.from(`{"code":0,"message":"操作成功","data":${json},"success":true}`);
}
