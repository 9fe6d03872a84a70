/** Texts of the console's plugin-auth pages (zh-CN). One namespace per page family: `pluginAuth.*`. */
export default {
  pluginAuth: {},
};
