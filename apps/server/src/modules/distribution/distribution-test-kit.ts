import { expect } from 'vitest';
import { asOps, idNumber, memberIdOf, registeredMember, type TestServer } from '../../test/kit/index.ts';

/** Members for the distribution tests: with a real-name record, and approved into a programme. */
let seq = 300;

export async function withRealName(server: TestServer) {
  const m = await registeredMember(server.api);
  const token = m.accessToken;
  const added = await server.api.post('/member/user/realName/add', {
    token,
    json: { name: '王小明', idNumber: idNumber('110105', '19880808', String(seq++)) },
  });
  expect(added.code, added.message).toBe(0);
  return { token, memberId: await memberIdOf(server.api, token), realNameId: added.data.id as string };
}

/** An approved member of `programme` (推广: invited by `inviteCode` when given), with their share code. */
export async function approvedDistributor(
  server: TestServer,
  opsToken: string,
  programme: 'CLASSIC' | 'PROMOTER' = 'CLASSIC',
  inviteCode?: string,
) {
  const m = await withRealName(server);
  const applied = await server.api.post('/member/distribution/apply', {
    token: m.token,
    json: {
      programme,
      realNameId: m.realNameId,
      mobile: '13700001111',
      channel: '微信群',
      reason: '分享给朋友',
      inviteCode,
    },
  });
  expect(applied.code, applied.message).toBe(0);
  const approved = await server.api.post('/ops/distribution/application/approve', {
    json: { id: applied.data.latest.id },
    ...asOps(opsToken),
  });
  expect(approved.code, approved.message).toBe(0);
  const status = await server.api.get(`/member/distribution/apply/status?programme=${programme}`, { token: m.token });
  return { ...m, shareCode: status.data.shareCode as string };
}
