import { waitFor } from '@testing-library/react';

/**
 * antd Select's pieces found by their classes: a ByRole query over the dropdown computes the style of
 * every element (slow under jsdom, see buttons.ts).
 */

/** Waits for the open dropdown's option whose text is `label`. */
export const findOption = (label: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === label,
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });

/** The texts of the options the open dropdown lists. */
export const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

/** What the select in `scope` shows as chosen: each item of a multiple select, or a single select's value. */
export function chosenTexts(scope: ParentNode = document) {
  const items = [...scope.querySelectorAll('.ant-select-content-item:not(.ant-select-content-item-suffix)')];
  if (items.length) return items.map((e) => e.textContent);
  return [...scope.querySelectorAll('.ant-select-content-has-value')].map((e) => e.getAttribute('title'));
}
