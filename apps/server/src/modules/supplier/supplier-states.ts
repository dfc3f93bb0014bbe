import type { SupplierApplicationStatus } from '@mall/shared';

/**
 * The life of a supplier application as one table: what each event does from each state. A missing
 * entry is a refusal with the state's message. Every move is made by a conditional update on the
 * state read (supplier.repo.ts `moveApplication`), so a double click or a race changes nothing twice.
 *
 *   DRAFT ──submit──▶ PENDING ──approve──▶ APPROVED
 *     ▲ save            │ reject
 *     └─────            ▼
 *                    REJECTED ──save (stays REJECTED, reason shown)── submit ──▶ PENDING
 */
export type SupplierEvent = 'save' | 'submit' | 'approve' | 'reject';

export const SUPPLIER_TRANSITIONS: Record<
  SupplierApplicationStatus,
  Partial<Record<SupplierEvent, SupplierApplicationStatus>>
> = {
  DRAFT: { save: 'DRAFT', submit: 'PENDING' },
  PENDING: { approve: 'APPROVED', reject: 'REJECTED' },
  APPROVED: {},
  REJECTED: { save: 'REJECTED', submit: 'PENDING' },
};

const REFUSALS: Record<SupplierEvent, Partial<Record<SupplierApplicationStatus, string>>> = {
  save: { PENDING: '申请审核中，不能修改', APPROVED: '申请已通过，不能修改' },
  submit: { PENDING: '申请审核中，请勿重复提交', APPROVED: '申请已通过，无需再次提交' },
  approve: {},
  reject: {},
};

export type SupplierMove = { ok: true; to: SupplierApplicationStatus } | { ok: false; message: string };

/** Where `event` takes an application in `from`, or the Chinese sentence refusing it. */
export function nextSupplierStatus(from: SupplierApplicationStatus, event: SupplierEvent): SupplierMove {
  const to = SUPPLIER_TRANSITIONS[from][event];
  if (to) return { ok: true, to };
  return { ok: false, message: REFUSALS[event][from] ?? '申请状态已变化，请刷新后重试' };
}

/** The states from which `event` is allowed: the WHERE of its conditional update. */
export function statesAllowing(event: SupplierEvent): SupplierApplicationStatus[] {
  return (Object.keys(SUPPLIER_TRANSITIONS) as SupplierApplicationStatus[]).filter(
    (s) => SUPPLIER_TRANSITIONS[s][event] !== undefined,
  );
}
