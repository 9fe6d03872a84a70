import { createUiApp } from '@shared/app.js';
import { ROUTES } from './routes.js';
import zhCN from './locales/zh-CN/index.js';
import en from './locales/en/index.js';

const { app } = createUiApp({
  base: '/uc/',
  appName: 'app.uc',
  routes: ROUTES,
  messages: { 'zh-CN': zhCN, en },
  otherApp: { href: '/console/', label: 'app.console', permission: 'plugin:plugin-auth:view' },
});
app.mount('#app');
