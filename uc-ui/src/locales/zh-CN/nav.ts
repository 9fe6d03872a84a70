/** App names, top tabs and page titles of the user center. */
export default {
  app: { uc: 'AuthPay 用户中心', console: '管理控制台' },
  tab: { pluginAuth: '插件授权', merchant: '商户', account: '账号' },
  nav: {
    myAuthorizations: '我的授权',
    catalog: '插件目录',
    myOrders: '我的订单',
    mySettlements: '结算与余额',
    merchant: '入驻与状态',
    merchantOverview: '商户概览',
    merchantOrders: '商户订单',
    withdrawalAccounts: '提现账户',
    withdrawals: '提现',
    apiKeys: 'API 密钥',
    apiDocs: 'API 文档',
    notifications: '站内通知',
    tokens: '访问令牌',
    profile: '个人资料',
    signup: '注册',
  },
};
