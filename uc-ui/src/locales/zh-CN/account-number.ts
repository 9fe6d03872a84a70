/** A bank card number once entered: only its last four digits are shown (withdrawal accounts and withdrawals). */
export default {
  accountNumber: {
    masked: '尾号 {last4}',
    keep: '尾号 {last4}（留空则不变）',
  },
};
