/** A SKU's specs as one line (颜色：白；尺码：M), or 默认规格 for a goods with a single SKU. */
export const specText = (specs: Record<string, string>) =>
  Object.entries(specs)
    .map(([k, v]) => `${k}：${v}`)
    .join('；') || '默认规格';
