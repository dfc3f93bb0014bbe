import type { Census } from './census.ts';

/** The census as an operator reads it: one table a line with its rows, then the checksum. */
export function censusLines(census: Census): string[] {
  const names = Object.keys(census.tables).sort();
  const width = Math.max(...names.map((n) => n.length), 4);
  const total = Object.values(census.tables).reduce((s, n) => s + n, 0);
  return [
    `数据表 ${names.length} 张，共 ${total} 行：`,
    ...names.map((n) => `  ${n.padEnd(width)}  ${census.tables[n]}`),
    `校验和：${census.checksum}`,
  ];
}
