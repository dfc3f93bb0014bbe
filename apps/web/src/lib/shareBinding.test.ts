import { beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn();
vi.mock('./request.ts', () => ({ request: { post: (...args: unknown[]) => post(...args) } }));
vi.mock('./feedback.ts', () => ({ feedback: { message: { info: vi.fn() } } }));

const { bindPendingShare, visitShare } = await import('./shareBinding.ts');
const { storage } = await import('./storage.ts');
const PENDING = 'member-pendingShare';

describe('a shared link and the binding after sign-in', () => {
  beforeEach(() => {
    localStorage.clear();
    post.mockReset();
  });

  it('a visitor: the visit is reported once, kept pending, and bound once after sign-in', async () => {
    post.mockResolvedValueOnce({ state: 'REMEMBERED', message: '登录后将绑定分享人 张***' });
    await visitShare('CODE.1.mac');
    await visitShare('CODE.1.mac');
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/member/distribution/visit', { share: 'CODE.1.mac' }, { silent: true });
    expect(localStorage.getItem(PENDING)).toBe('1');

    post.mockResolvedValueOnce({ bound: ['CLASSIC'] });
    await bindPendingShare();
    expect(post).toHaveBeenLastCalledWith('/member/distribution/bind', {}, { silent: true });
    expect(localStorage.getItem(PENDING)).toBeNull();
    await bindPendingShare();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('a refused link (expired, forged) leaves nothing pending', async () => {
    post.mockResolvedValueOnce({ state: 'REFUSED', message: '分享链接已过期' });
    await visitShare('OLD.1.mac');
    expect(localStorage.getItem(PENDING)).toBeNull();
  });

  it('a signed-in buyer is bound by the visit itself: nothing pending', async () => {
    storage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    post.mockResolvedValueOnce({ state: 'BOUND', message: '已绑定分享人 张***' });
    await visitShare('NOW.1.mac');
    expect(localStorage.getItem(PENDING)).toBeNull();
  });

  it('a failed bind stays pending for the next sign-in (/register signs in again)', async () => {
    localStorage.setItem(PENDING, '1');
    post.mockRejectedValueOnce(new Error('系统繁忙'));
    await bindPendingShare();
    expect(localStorage.getItem(PENDING)).toBe('1');
  });
});
