import nav from './nav.js';
import pluginAuth from './plugin-auth.js';
import payment from './payment.js';
import system from './system.js';
import settlement from './settlement.js';
import merchant from './merchant.js';
import withdrawal from './withdrawal.js';

/** The console's catalog: one file per page family, each with its own top-level namespace. */
export default { ...nav, ...pluginAuth, ...payment, ...system, ...merchant, ...settlement, ...withdrawal };
