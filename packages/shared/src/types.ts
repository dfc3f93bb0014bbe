/** Shapes of replies the web app reads; the server's presenters produce exactly these. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface CurrentUser {
  id: string;
  username: string | null;
  nickname: string | null;
  avatar: string | null;
  mobile: string; // masked, e.g. 138****8000
  gender: 'male' | 'female' | 'unknown';
  birthday: string | null;
  roles: string[];
  createdAt: string;
}

export interface SiteConfig {
  siteName: string;
  buyerIcon: string;
  [key: string]: unknown;
}

/** A signed-in session as 账户安全 lists it. */
export interface SessionView {
  id: string;
  clientType: string;
  clientTypeName: string;
  device: string;
  /** Masked by the server: 192.168.*.* */
  ip: string;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
}
