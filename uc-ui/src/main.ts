import { createApp, h } from 'vue';
import '@shared/style.css';
import { setMessages } from '@shared/i18n.js';
import { createRouter } from '@shared/router.js';
import AppShell from '@shared/AppShell.vue';
import { MESSAGES } from './i18n.js';
import { ROUTES } from './routes.js';
import { provideRouter } from './router-instance.js';

setMessages(MESSAGES);
const router = provideRouter(createRouter('/uc/'));
createApp({
  render: () =>
    h(AppShell, {
      brand: 'AuthPay 用户中心',
      routes: ROUTES,
      router,
      otherApp: { href: '/console/', label: MESSAGES['app.console'], permission: 'plugin:plugin-auth:view' },
    }),
}).mount('#app');
