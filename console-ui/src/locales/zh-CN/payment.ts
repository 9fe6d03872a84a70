/** Texts of the console's payment pages (zh-CN). One namespace per page family: `payment.*`. */
export default {
  payment: {},
};
