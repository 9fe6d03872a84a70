import type { ErrorMessageTable } from '../../host/sdk/index.js';

/**
 * Default messages of the plugin authorization service's error codes, registered with the host's error
 * catalog when the service starts (the code rejections of `codes/code-errors.ts` register their own table).
 * A thrown error's own text wins; these answer when it has none in the language a request asks for.
 */
export const PLUGIN_AUTH_ERROR_MESSAGES: ErrorMessageTable = {
  ALREADY_ENTITLED: { zh: '您已拥有此插件的永久授权', en: 'you already hold a permanent entitlement for this plugin' },
  ALREADY_AUTHORIZED: { zh: '该域名已授权，无需激活', en: 'this domain is already authorized' },
  API_SECRET_INVALID: { zh: '访问密钥不正确', en: 'access secret incorrect' },
  API_SECRET_NOT_CONFIGURED: {
    zh: '该接口未启用：请管理员在插件设置中配置公开接口访问密钥（apiAccessSecret）',
    en: 'this endpoint is disabled until an administrator sets apiAccessSecret in the plugin-auth settings',
  },
  AUTH_LIMIT_EXCEEDED: { zh: '授权数量已超限', en: 'authorization count limit exceeded' },
  CHECKOUT_PENDING: { zh: '订单正在创建，请稍后查看', en: 'the order is still being created; look again in a moment' },
  AUTH_LOG_NOT_FOUND: { zh: '授权记录不存在', en: 'authorization record not found' },
  CODE_COUNT_OUT_OF_RANGE: { zh: '生成数量超出允许范围', en: 'the count is outside the allowed range' },
  DOCKING_DISABLED: { zh: '对接接口未启用（未配置对接访问密钥）', en: 'the docking API is disabled: no dockingAccessSecret is configured' },
  DOCKING_SECRET_INVALID: { zh: '访问密钥不正确', en: 'access secret incorrect' },
  DOMAIN_NOT_IDENTICAL: { zh: '域名与授权记录不一致', en: 'the domain is not written as the record stores it' },
  IMPORT_INVALID: { zh: '导入文件有误，未写入任何记录', en: 'the import file is invalid; nothing was imported' },
  INVALID_DOMAIN: { zh: '域名格式不正确', en: 'not a valid domain' },
  INVALID_SIGNING_KEY: { zh: '许可证签名密钥无效', en: 'the license signing key is invalid' },
  KEY_IMMUTABLE: { zh: '插件标识不可修改', en: 'a plugin key cannot change' },
  LICENSE_NOT_ISSUABLE: { zh: '无法生成许可证', en: 'cannot issue a license' },
  NAME_MISMATCH: { zh: '记录名称与插件、域名和用户不一致', en: 'metadata.name does not match the plugin, domain and user' },
  NOT_AUTHORIZED: { zh: '未授权', en: 'not authorized' },
  PLUGIN_NOT_FOUND: { zh: '插件不存在', en: 'plugin not found' },
  PLUGIN_NOT_FOR_SALE: { zh: '免费或限时免费插件无需购买', en: 'free and limited-time free plugins are not sold' },
  PURCHASE_IN_PROGRESS: { zh: '该插件已付款，授权正在生效', en: 'this plugin is paid; the entitlement is being granted' },
  PURCHASE_PAYMENT_PENDING: { zh: '上一笔付款的结果尚待确认', en: 'the result of the earlier payment is not confirmed yet' },
  QUERY_TOO_LONG: { zh: '请求地址过长', en: 'the request URL is too long' },
  UNKNOWN_CHANNEL: { zh: '未知的销售渠道', en: 'unknown sales channel' },
  USER_NOT_FOUND: { zh: '用户不存在', en: 'user not found' },
};
