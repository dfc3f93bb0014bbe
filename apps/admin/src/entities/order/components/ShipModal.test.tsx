import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getButton } from '../../../test/buttons.ts';
import { renderInConsole } from '../../../test/render.tsx';
import { findOption } from '../../../test/select.ts';
import { ShipModal, type ShipInput } from './ShipModal.tsx';

const target = { orderNo: 'M202611260001', receiver: '张三', address: '浙江省杭州市西湖区文三路 90 号' };

describe('ShipModal', () => {
  it('checks both fields, sends the carrier and the number, and closes once shipped', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: ShipInput[] = [];
    const ship = { mutateAsync: vi.fn(async (v: ShipInput) => void sent.push(v)), isPending: false };
    const onClose = vi.fn();
    renderInConsole(<ShipModal title="订单发货" ship={ship} target={target} onClose={onClose} />);
    const dialog = (await screen.findByText('订单发货')).closest<HTMLElement>('[role="dialog"]')!;
    expect(dialog.textContent).toContain('M202611260001');
    expect(dialog.textContent).toContain('张三 · 浙江省杭州市西湖区文三路 90 号');
    expect(dialog.textContent).not.toContain('售后');

    await user.click(getButton(dialog, '确认发货'));
    expect(await within(dialog).findByText('请选择物流公司')).toBeTruthy();
    expect(await within(dialog).findByText('请填写物流单号')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('物流单号'));
    await user.paste('SF<1>');
    expect(await within(dialog).findByText('物流单号只能包含字母、数字和短横线')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('物流公司'));
    await user.click(await findOption('顺丰速运'));
    await user.clear(within(dialog).getByLabelText('物流单号'));
    await user.paste('SF1234567890');
    await user.click(getButton(dialog, '确认发货'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ orderNo: 'M202611260001', company: '顺丰速运', trackingNo: 'SF1234567890' }]);
  });

  it('keeps the server’s refusal in the dialog; a store names the fields its way; an open after-sale is said first', async () => {
    const user = userEvent.setup({ delay: null });
    const ship = {
      mutateAsync: vi.fn(async () => {
        throw new Error('已发货，请勿重复操作');
      }),
      isPending: false,
    };
    const onClose = vi.fn();
    renderInConsole(
      <ShipModal
        title="本店发货"
        words={{ carrier: '快递公司', trackingNo: '运单号' }}
        ship={ship}
        target={{ ...target, afterSaleOpen: true }}
        onClose={onClose}
      />,
    );
    const dialog = (await screen.findByText('本店发货')).closest<HTMLElement>('[role="dialog"]')!;
    expect(dialog.textContent).toContain('该订单有售后申请正在处理');
    await user.click(getButton(dialog, '确认发货'));
    expect(await within(dialog).findByText('请选择快递公司')).toBeTruthy();
    expect(await within(dialog).findByText('请填写运单号')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('快递公司'));
    await user.click(await findOption('顺丰速运'));
    await user.click(within(dialog).getByLabelText('运单号'));
    await user.paste('SF1234567890');
    await user.click(getButton(dialog, '确认发货'));
    expect((await within(dialog).findByTestId('dialog-error')).textContent).toBe('已发货，请勿重复操作');
    expect(onClose).not.toHaveBeenCalled();
  });
});
