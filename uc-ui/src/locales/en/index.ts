import nav from './nav.js';
import pluginAuth from './plugin-auth.js';
import payment from './payment.js';
import account from './account.js';
import merchantMoney from './merchant-money.js';
import merchant from './merchant.js';
import purchase from './purchase.js';
import withdrawal from './withdrawal.js';
import accountNumber from './account-number.js';

/** The user center's catalog: one file per page family, each with its own top-level namespace. */
export default {
  ...nav,
  ...pluginAuth,
  ...payment,
  ...account,
  ...merchant,
  ...merchantMoney,
  ...purchase,
  ...withdrawal,
  ...accountNumber,
};
