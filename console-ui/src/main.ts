import { createUiApp } from '@shared/app.js';
import { ROUTES } from './routes.js';
import zhCN from './locales/zh-CN/index.js';
import en from './locales/en/index.js';

const { app } = createUiApp({
  base: '/console/',
  appName: 'app.console',
  routes: ROUTES,
  messages: { 'zh-CN': zhCN, en },
  otherApp: { href: '/uc/', label: 'app.uc' },
});
app.mount('#app');
