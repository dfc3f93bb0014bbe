/**
 * Whether this page is being left (a link followed, a reload, an address typed). The browser cuts short
 * the calls still under way then; such a call did not fail, and nothing should be concluded from it (the
 * start-up profile call cut short this way signed the buyer out: the next page had no session).
 */
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  // Back from the browser's back-forward cache: the page lives again.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export const pageIsLeaving = () => leaving;
