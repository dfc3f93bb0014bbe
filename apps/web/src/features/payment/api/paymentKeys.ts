/** Query keys of the payment page (the order itself is read through lib/queryKeys.ts orderKeys). */
export const paymentKeys = {
  methods: ['trade', 'pay', 'methods'] as const,
  status: (orderNo: string | undefined) => ['trade', 'pay', 'status', orderNo] as const,
};
