import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-unreachable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['the server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['the server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection failure', withCode('connection failure', '08006')],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a wrapped refusal', wrapped(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))],
    ['a wrapped end, twice', wrapped(wrapped(new Error('Connection terminated due to connection timeout')))],
  ])('%s is the database out of reach', (_what, err) => {
    expect(isDatabaseUnreachable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['a syntax error', wrapped(withCode('syntax error at or near', '42601'))],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_what, err) => {
    expect(isDatabaseUnreachable(err)).toBe(false);
  });
});
