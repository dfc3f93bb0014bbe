/** The application's transition table: every state × event, by table. */
import { describe, expect, it } from 'vitest';
import { SUPPLIER_APPLICATION_STATUSES } from '@mall/shared';
import { nextSupplierStatus, statesAllowing, SUPPLIER_TRANSITIONS, type SupplierEvent } from './supplier-states.ts';

describe('supplier application transitions', () => {
  it.each<[string, SupplierEvent, string]>([
    ['DRAFT', 'save', 'DRAFT'],
    ['DRAFT', 'submit', 'PENDING'],
    ['DRAFT', 'approve', '申请状态已变化，请刷新后重试'],
    ['DRAFT', 'reject', '申请状态已变化，请刷新后重试'],
    ['PENDING', 'save', '申请审核中，不能修改'],
    ['PENDING', 'submit', '申请审核中，请勿重复提交'],
    ['PENDING', 'approve', 'APPROVED'],
    ['PENDING', 'reject', 'REJECTED'],
    ['APPROVED', 'save', '申请已通过，不能修改'],
    ['APPROVED', 'submit', '申请已通过，无需再次提交'],
    ['APPROVED', 'approve', '申请状态已变化，请刷新后重试'],
    ['APPROVED', 'reject', '申请状态已变化，请刷新后重试'],
    ['REJECTED', 'save', 'REJECTED'],
    ['REJECTED', 'submit', 'PENDING'],
    ['REJECTED', 'approve', '申请状态已变化，请刷新后重试'],
    ['REJECTED', 'reject', '申请状态已变化，请刷新后重试'],
  ])('%s + %s → %s', (from, event, expected) => {
    const move = nextSupplierStatus(from as never, event);
    expect(move.ok ? move.to : move.message).toBe(expected);
  });

  it('covers every state, and APPROVED is final', () => {
    expect(Object.keys(SUPPLIER_TRANSITIONS).sort()).toEqual([...SUPPLIER_APPLICATION_STATUSES].sort());
    expect(SUPPLIER_TRANSITIONS.APPROVED).toEqual({});
  });

  it('gives each conditional update the states it may start from', () => {
    expect(statesAllowing('save')).toEqual(['DRAFT', 'REJECTED']);
    expect(statesAllowing('submit')).toEqual(['DRAFT', 'REJECTED']);
    expect(statesAllowing('approve')).toEqual(['PENDING']);
    expect(statesAllowing('reject')).toEqual(['PENDING']);
  });
});
