/** OpenAPI tags of the console and user-center operations. */
export const TAGS = {
  catalog: ['plugin-auth: catalog'],
  authLogs: ['plugin-auth: authorization records'],
  codes: ['plugin-auth: permanent codes'],
  users: ['plugin-auth: permanent users'],
  notifications: ['plugin-auth: notifications'],
  settings: ['plugin-auth: settings'],
  userCenter: ['plugin-auth: user center'],
};

/** OpenAPI tags of the open endpoints (public/ for plugins, docking/ for card shops). */
export const PUBLIC_TAGS = ['plugin-auth: public API (plugins)'];
export const DOCKING_TAGS = ['plugin-auth: docking API (card shops)'];
