/**
 * The cache bus in one process (PGlite, the embedded default): an operator's change is seen at once
 * in the buyer's cached reads, as before the bus; a change made past the services is not (the reads
 * are cached). The two-process case on PostgreSQL is cache-bus-processes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOps, dbOf, startTestServer, type TestServer } from '../test/kit/index.ts';
import { noteOf, parseNote } from './cache-bus.ts';
import { rows, sql } from './db.ts';

const OPS_TOKEN = 'cache-bus-test-ops-token-0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const ops = asOps(OPS_TOKEN);
const siteName = async () => (await server.api.get('/member/site/site')).data.siteName as string;
type Node = { id: number; name: string; children: Node[] };
const find = (nodes: Node[], id: number): Node | undefined =>
  nodes.map((n) => (n.id === id ? n : find(n.children, id))).find(Boolean);
const categoryName = async (id: number) => find((await server.api.get('/member/goods/category/tree')).data, id)?.name;

describe('caches in one process', () => {
  it('the buyer sees an operator’s new site name at once, while a change made past the service waits for the cache', async () => {
    expect(
      (await server.api.post('/ops/settings/save', { json: { key: 'siteName', value: '紫藤好物' }, ...ops })).code,
    ).toBe(0);
    expect(await siteName()).toBe('紫藤好物');
    await rows(dbOf(server), sql`UPDATE site_config SET value = '"改在库里"'::jsonb WHERE key = 'siteName'`);
    expect(await siteName()).toBe('紫藤好物');
    expect(
      (await server.api.post('/ops/settings/save', { json: { key: 'siteName', value: '藤花小铺' }, ...ops })).code,
    ).toBe(0);
    expect(await siteName()).toBe('藤花小铺');
  });

  it('the buyer’s category tree shows a renamed category at once', async () => {
    const made = await server.api.post('/ops/category/save', { json: { name: '缓存测试分类', sort: 990 }, ...ops });
    expect(made.code, made.message).toBe(0);
    expect(await categoryName(made.data.id)).toBe('缓存测试分类');
    await rows(dbOf(server), sql`UPDATE categories SET name = '改在库里' WHERE id = ${made.data.id}`);
    expect(await categoryName(made.data.id)).toBe('缓存测试分类');
    const renamed = await server.api.post('/ops/category/save', {
      json: { id: made.data.id, name: '改名后的分类', sort: 990 },
      ...ops,
    });
    expect(renamed.code, renamed.message).toBe(0);
    expect(await categoryName(made.data.id)).toBe('改名后的分类');
  });
});

describe('the notes on the channel', () => {
  const pool = {};
  it('carry the cache and the ids only', () => {
    const note = parseNote(noteOf(pool, 'site-settings', ['siteName']));
    expect(note).toMatchObject({ cache: 'site-settings', ids: ['siteName'] });
    expect(Object.keys(note!).sort()).toEqual(['cache', 'from', 'ids']);
  });

  it('become "everything in that cache" when the ids would not fit in a NOTIFY', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => i + 1);
    const text = noteOf(pool, 'catalog', many);
    expect(Buffer.byteLength(text)).toBeLessThan(8_000);
    expect(parseNote(text)).toMatchObject({ cache: 'catalog', ids: null });
  });

  it('ignore what is not a note of a known cache', () => {
    expect(parseNote('{"cache":"passwords","ids":null,"from":"x"}')).toBeNull();
    expect(parseNote('not json')).toBeNull();
  });
});
