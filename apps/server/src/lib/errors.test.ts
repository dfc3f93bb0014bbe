/**
 * loggableError on real database errors (PGlite through Drizzle, as the app runs them): the code and
 * the database's message stay; the SQL, the bound values and the failing row go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sql, type Database } from './db.ts';
import { loggableError } from './errors.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await database.db.execute(
    sql`CREATE TABLE people (name text CHECK (name <> '张三'), mobile text UNIQUE, n int, id uuid)`,
  );
  await database.db.execute(sql`INSERT INTO people (name, mobile) VALUES ('李四', '13800000001')`);
});
afterAll(() => database?.close());

async function failure(query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await database.db.execute(query);
  } catch (err) {
    return err;
  }
  throw new Error('expected the query to fail');
}

const asLine = (err: unknown) => JSON.stringify(loggableError(err));

describe('loggableError', () => {
  it('keeps the code and message of a refused row, not the row', async () => {
    const err = await failure(sql`INSERT INTO people (name, mobile) VALUES (${'张三'}, ${'13912345678'})`);
    expect(String((err as Error).message)).toContain('13912345678'); // what used to reach the log
    expect(loggableError(err)).toMatchObject({ type: 'DatabaseError', sqlState: '23514' });
    expect(asLine(err)).not.toMatch(/张三|13912345678|INSERT|Failing row/);
  });

  it('keeps the code of a duplicate, not the key it names', async () => {
    const err = await failure(sql`INSERT INTO people (name, mobile) VALUES (${'王五'}, ${'13800000001'})`);
    expect(loggableError(err)).toMatchObject({
      sqlState: '23505',
      message: expect.stringContaining('people_mobile_key'),
    });
    expect(asLine(err)).not.toMatch(/王五|13800000001/);
  });

  it('drops the values a data exception quotes', async () => {
    const range = await failure(sql`INSERT INTO people (n) VALUES (${3_000_000_000})`);
    expect(loggableError(range)).toMatchObject({
      sqlState: '22003',
      message: 'value "…" is out of range for type integer',
    });
    const syntax = await failure(sql`SELECT * FROM people WHERE id = ${'13912345678'}`);
    expect(loggableError(syntax)).toMatchObject({ sqlState: '22P02' });
    expect(asLine(syntax)).not.toContain('13912345678');
  });

  it('leaves other errors as they are, causes included, and stops at a cycle', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const outer = new Error('sms send failed', { cause: inner });
    expect(loggableError(outer)).toMatchObject({
      type: 'Error',
      message: 'sms send failed',
      cause: { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    });
    const loop = new Error('loop');
    (loop as { cause?: unknown }).cause = loop;
    expect(asLine(loop).length).toBeLessThan(20_000);
    expect(loggableError('plain text')).toEqual({ type: 'string', message: 'plain text', stack: '' });
  });
});
