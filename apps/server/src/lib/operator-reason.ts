import { text } from './validation.ts';

/**
 * A required reason or note of 2..max characters: an empty one reads 请填写…, a one-character one
 * 至少 2 个字符 (a reason of "好" explains nothing to whoever reads the log later).
 */
export const atLeastTwo = (label: string, max: number) =>
  text(label, { min: 1, max }).refine((v) => v.length >= 2, `${label}至少 2 个字符`);
