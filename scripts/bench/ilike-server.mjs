// The search benchmark's second baseline: the same keywords answered by a plain ILIKE scan, as a
// shop without a search index would do it. Bench-only; run with `node --import tsx` so that it opens
// the database exactly as the shop does (apps/server/src/lib/db.ts: the same driver, pool size and,
// on PGlite, the same data directory with pg_trgm loaded). On PGlite it can only open the data
// directory once the shop's server has stopped (one process per DATA_DIR), so run.mjs measures it
// after the shop's scenarios, on both databases alike.
//
//   POST /ilike {"keyword": "华为手机"} → { code: 0, data: { list: [10 goods], total } }
//
// Per request: the first page (10 goods on shelf whose name contains the keyword, best sellers
// first) and the count of all matches, the two statements a search page needs at minimum. It does
// less than the shop's search (no facets, no highlighting, no brand names), so the ratio of the two
// flatters the ILIKE side, if anything.
import http from 'node:http';
import { openDatabase, rows, sql } from '../../apps/server/src/lib/db.ts';

const port = Number(process.argv[2] ?? 0);
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATABASE_URL ? undefined : process.env.DATA_DIR,
  poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const { db } = database;

// The keyword is a bound parameter; LIKE's own wildcards in it are matched literally.
const escapeLike = (s) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

async function ilike(keyword) {
  const k = escapeLike(keyword.trim());
  const list = await rows(
    db,
    sql`SELECT id, name, price_fen, sales FROM goods
        WHERE on_shelf AND name ILIKE '%' || ${k} || '%' ORDER BY sales DESC LIMIT 10`,
  );
  const [count] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM goods WHERE on_shelf AND name ILIKE '%' || ${k} || '%'`,
  );
  return { list, total: count.n };
}

const reply = (res, status, payload) => {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
};

const server = http.createServer((req, res) => {
  if (req.url === '/health') return reply(res, 200, { code: 0, data: 'ok' });
  if (req.method !== 'POST' || req.url !== '/ilike') return reply(res, 404, { code: 404, message: 'not found' });
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (d) => (text += d));
  req.on('end', async () => {
    try {
      const { keyword } = JSON.parse(text);
      if (typeof keyword !== 'string' || !keyword.trim())
        return reply(res, 400, { code: 400, message: 'keyword required' });
      reply(res, 200, { code: 0, message: '', data: await ilike(keyword), success: true });
    } catch (err) {
      reply(res, 500, { code: 500, message: String(err?.message ?? err) });
    }
  });
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () =>
  server.close(async () => {
    await database.close();
    process.exit(0);
  }),
);
