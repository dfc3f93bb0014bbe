/**
 * A list of records (a goods' SKUs, an activity's goods, a page's modules) recorded whole before and
 * after a write, read as what changed in it: each record matched by its key, then 新增, 删除 or the
 * fields that differ. Null when the values are not two lists of records with a key in common.
 */
export type RecordChange =
  | { kind: 'added' | 'removed'; label: string; record: Record<string, unknown> }
  | { kind: 'changed'; label: string; fields: { field: string; before: unknown; after: unknown }[] };

type Row = Record<string, unknown>;

/** What identifies a record, in order of preference. */
const KEYS = ['skuNo', 'skuId', 'goodsId', 'id', 'key', 'type'];
/** What names a record to a person, in order of preference. */
const NAMES = ['specText', 'spec', 'name', 'title', 'goodsName', 'skuNo', 'type'];

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function nameOf(row: Row, key: string): string {
  for (const n of NAMES) {
    const v = row[n];
    if (typeof v === 'string' && v) return v;
    if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string')) return v.join(' / ');
  }
  return String(row[key]);
}

export function recordChanges(before: unknown, after: unknown): RecordChange[] | null {
  const was = Array.isArray(before) ? before : before === null || before === undefined ? [] : null;
  const now = Array.isArray(after) ? after : after === null || after === undefined ? [] : null;
  if (!was || !now || was.length + now.length === 0 || ![...was, ...now].every(isRow)) return null;
  const rows = [...was, ...now] as Row[];
  const key = KEYS.find((k) => rows.every((r) => r[k] !== undefined && r[k] !== null));
  if (!key) return null;
  const byKey = (list: Row[]) => new Map(list.map((r) => [JSON.stringify(r[key]), r]));
  const old = byKey(was as Row[]);
  const fresh = byKey(now as Row[]);
  const changes: RecordChange[] = [];
  for (const [k, row] of fresh) {
    const prior = old.get(k);
    if (!prior) {
      changes.push({ kind: 'added', label: nameOf(row, key), record: row });
      continue;
    }
    const fields = [...new Set([...Object.keys(prior), ...Object.keys(row)])]
      .filter((f) => !same(prior[f], row[f]))
      .map((field) => ({ field, before: prior[field] ?? null, after: row[field] ?? null }));
    if (fields.length) changes.push({ kind: 'changed', label: nameOf(row, key), fields });
  }
  for (const [k, row] of old) if (!fresh.has(k)) changes.push({ kind: 'removed', label: nameOf(row, key), record: row });
  return changes;
}
