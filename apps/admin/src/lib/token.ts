/**
 * The operator's session token. It lives under its own key (`admin-token`), apart from the buyer
 * app's `member-*` keys, so that a buyer session and an operator session in one browser never mix.
 */
export const TOKEN_KEY = 'admin-token';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

export const tokenStore = {
  /** For useSyncExternalStore: the guard re-renders when the token comes or goes. */
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): string | null {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    notify();
  },
  clear() {
    try {
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      // storage unavailable: nothing to clear
    }
    notify();
  },
};
