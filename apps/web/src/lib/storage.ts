import { STORAGE_PREFIX, type CurrentUser } from '@mall/shared';

/**
 * Everything the app keeps in localStorage (spec §3), each under `member-<name>`.
 * Values are JSON so that booleans and records survive a reload unchanged.
 */
export const storageKeys = {
  userInfo: `${STORAGE_PREFIX}-userInfo`,
  remember: `${STORAGE_PREFIX}-remember`,
  accessToken: `${STORAGE_PREFIX}-accessToken`,
  refreshToken: `${STORAGE_PREFIX}-refreshToken`,
  visitorId: `${STORAGE_PREFIX}-visitorId`,
  homeVersion: `${STORAGE_PREFIX}-homeVersion`,
  rememberedLogin: `${STORAGE_PREFIX}-rememberedLogin`,
} as const;

/** The login a member asked us to remember: the username or the mobile number, never a secret. */
export type RememberedLogin = ({ username: string } | { mobileNumber: string }) & { remember: true };

/** The browser's localStorage; none where the server renders a page (entry-server.tsx), which keeps nothing. */
const local = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function read<T>(key: string): T | null {
  try {
    const raw = local()?.getItem(key) ?? null;
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  if (value === null || value === undefined) local()?.removeItem(key);
  else local()?.setItem(key, JSON.stringify(value));
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID().replace(/-/g, '');
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}

export const storage = {
  getAccessToken: () => read<string>(storageKeys.accessToken),
  setAccessToken: (token: string | null) => write(storageKeys.accessToken, token),
  getRefreshToken: () => read<string>(storageKeys.refreshToken),
  setRefreshToken: (token: string | null) => write(storageKeys.refreshToken, token),
  getUserInfo: () => read<CurrentUser>(storageKeys.userInfo),
  setUserInfo: (user: CurrentUser | null) => write(storageKeys.userInfo, user),
  getRemember: () => read<boolean>(storageKeys.remember) === true,
  setRemember: (remember: boolean) => write(storageKeys.remember, remember),
  getHomeVersion: () => read<string>(storageKeys.homeVersion),
  setHomeVersion: (version: string | null) => write(storageKeys.homeVersion, version),
  getRememberedLogin: () => read<RememberedLogin>(storageKeys.rememberedLogin),
  setRememberedLogin: (login: RememberedLogin | null) => write(storageKeys.rememberedLogin, login),

  /** The random visitor id, made once per browser and kept for good. */
  getVisitorId(): string {
    let id = read<string>(storageKeys.visitorId);
    if (!id) {
      id = randomId();
      write(storageKeys.visitorId, id);
    }
    return id;
  },

  hasTokens: () => Boolean(read<string>(storageKeys.accessToken) && read<string>(storageKeys.refreshToken)),

  setTokens(tokens: { accessToken: string; refreshToken: string }) {
    write(storageKeys.accessToken, tokens.accessToken);
    write(storageKeys.refreshToken, tokens.refreshToken);
  },

  /** Logout or a failed profile fetch: tokens and profile go; visitor id and remembered login stay. */
  clearSession() {
    write(storageKeys.accessToken, null);
    write(storageKeys.refreshToken, null);
    write(storageKeys.userInfo, null);
  },
};
