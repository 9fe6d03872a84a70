/** App names, top tabs and page titles of the console. */
export default {
  app: { console: 'AuthPay 控制台', uc: '用户中心' },
  tab: { pluginAuth: '插件授权', payment: '支付', system: '系统' },
  nav: {
    catalog: '插件目录',
    records: '授权记录',
    codes: '永久授权码',
    permanentUsers: '永久用户',
    notify: '批量通知',
    pluginAuthSettings: '授权设置',
    selfService: '自助授权',
    overview: '概览',
    orders: '订单',
    testPayment: '测试支付',
    paymentSettings: '支付设置',
    users: '用户',
    outbox: '通知发件箱',
    jobs: '定时任务',
    roles: '角色',
    hostSettings: '系统设置',
  },
};
