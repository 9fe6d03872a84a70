/** Texts of the console's system pages (zh-CN). One namespace per page family: `system.*`. */
export default {
  system: {},
};
