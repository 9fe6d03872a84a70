import nav from './nav.js';

/** The user center's catalog: one file per page family, each with its own top-level namespace. */
export default { ...nav };
