import { screen, waitFor } from '@testing-library/react';

/*
 * Buttons and dialogs found by their text, where getByRole is too slow: a ByRole query computes the
 * style of every element it looks at (is it hidden? what is its name?), and jsdom's getComputedStyle
 * matches each call against all of antd's injected rules (~1,400 on a list screen, 0.4 s a call). One
 * getByRole('button') in a table row took 76–151 s; these take milliseconds.
 */

const named = (b: Element, name: string | RegExp) => {
  const text = (b.textContent ?? '').trim();
  return typeof name === 'string' ? text === name : name.test(text);
};

/** The button in `scope` whose text is `name` (a string: all of it; a pattern: matched), or null. */
export function queryButton(scope: HTMLElement, name: string | RegExp): HTMLButtonElement | null {
  const found = [...scope.querySelectorAll('button')].filter((b) => named(b, name));
  if (found.length > 1) throw new Error(`${found.length} buttons named ${String(name)}`);
  return found[0] ?? null;
}

export function getButton(scope: HTMLElement, name: string | RegExp): HTMLButtonElement {
  const b = queryButton(scope, name);
  if (!b) throw new Error(`no button named ${String(name)}`);
  return b;
}

/** Waits for the button (e.g. a Popconfirm's OK) to appear anywhere on the page. */
export const findButton = (name: string | RegExp) => waitFor(() => getButton(document.body, name));

/** The open dialog whose title is `title`. */
export async function findDialog(title: string): Promise<HTMLElement> {
  const dialog = (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`${title} is not in a dialog`);
  return dialog;
}
