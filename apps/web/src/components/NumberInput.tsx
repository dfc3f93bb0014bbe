import { useLayoutEffect, useRef } from 'react';
import { InputNumber, type InputNumberProps } from 'antd';

/**
 * antd's InputNumber with Chinese names on its step buttons. The buttons come from
 * @rc-component/input-number with "Increase Value" / "Decrease Value" written into the code (no
 * locale key), so screen readers would hear English; they are renamed after each render, e.g.
 * 增加购买数量 / 减少购买数量. Use this instead of InputNumber everywhere in the shop.
 */
export function NumberInput(props: InputNumberProps<number>) {
  const box = useRef<HTMLSpanElement>(null);
  const field = props['aria-label'] ?? '数值';

  useLayoutEffect(() => {
    const rename = (from: string, to: string) =>
      box.current?.querySelectorAll(`[aria-label="${from}"]`).forEach((el) => el.setAttribute('aria-label', to));
    rename('Increase Value', `增加${field}`);
    rename('Decrease Value', `减少${field}`);
  });

  return (
    <span ref={box} style={{ display: 'contents' }}>
      <InputNumber<number> {...props} />
    </span>
  );
}
