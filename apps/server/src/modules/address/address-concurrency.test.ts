/**
 * One member's address writes take turns (an advisory lock keyed by the member, not a lock on the
 * members row): creates at once stop at the limit and leave exactly one default. Meaningful on
 * PostgreSQL (`npm run test:pg`), where they run at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { smsSignIn, startTestServer, type TestServer, addressBody } from '../../test/kit/index.ts';
import { MAX_ADDRESSES } from './address.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('concurrent address writes of one member', () => {
  test(`${MAX_ADDRESSES + 5} creates at once, each asking to be the default: ${MAX_ADDRESSES} kept, one default`, async () => {
    const { accessToken: token } = await smsSignIn(server.api);
    const answers = await Promise.all(
      Array.from({ length: MAX_ADDRESSES + 5 }, (_, i) =>
        server.api.post('/member/trade/address/create', {
          token,
          json: addressBody({ detail: `并发路 ${i} 号`, isDefault: true }),
        }),
      ),
    );
    expect(answers.filter((r) => r.code === 0)).toHaveLength(MAX_ADDRESSES);
    expect(answers.filter((r) => r.code === Code.ADDRESS_LIMIT)).toHaveLength(5);
    const list = (await server.api.get('/member/trade/address/list', { token })).data as { isDefault: boolean }[];
    expect(list).toHaveLength(MAX_ADDRESSES);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
  });
});
