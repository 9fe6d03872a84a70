/**
 * Default messages of the host's error codes (the general ones of ERROR_STATUS and the host's own). A thrown
 * error's own text wins; these answer when it has none in the language asked for. Generic-API Status
 * objects stay English whatever the request asks (kubectl and client libraries read them).
 */
export const HOST_ERROR_MESSAGES: Readonly<Record<string, { zh: string; en: string }>> = {
  BAD_REQUEST: { zh: '请求无效', en: 'the request is invalid' },
  VALIDATION_FAILED: { zh: '输入有误，请检查标出的字段', en: 'some input is invalid; check the fields named' },
  UNAUTHORIZED: { zh: '未登录或登录已过期', en: 'authentication required' },
  FORBIDDEN: { zh: '没有权限执行此操作', en: 'you do not have permission for this action' },
  NOT_FOUND: { zh: '资源不存在', en: 'not found' },
  METHOD_NOT_ALLOWED: { zh: '不支持此请求方法', en: 'this method is not allowed here' },
  ALREADY_EXISTS: { zh: '已存在同名的对象', en: 'an object with this name already exists' },
  CONFLICT: { zh: '数据已被修改，请刷新后重试', en: 'the data has changed; reload and try again' },
  STATE_CONFLICT: { zh: '当前状态不允许此操作', en: 'the current state does not allow this action' },
  GONE: { zh: '请求的版本已过期，请重新获取', en: 'the requested version is too old; read again' },
  TIMEOUT: { zh: '请求的版本比服务器当前的还新，请稍后重试', en: 'the requested version is newer than the server has; try again shortly' },
  PAYLOAD_TOO_LARGE: { zh: '请求体过大', en: 'the request body is too large' },
  OBJECT_TOO_LARGE: { zh: '对象过大（上限 1 MiB）', en: 'the object is too large (limit 1 MiB)' },
  UNSUPPORTED_MEDIA_TYPE: { zh: '不支持的请求体类型', en: 'unsupported body content type' },
  INVALID: { zh: '数据无效', en: 'the data is invalid' },
  RATE_LIMITED: { zh: '请求过于频繁，请稍后再试', en: 'too many requests; try again later' },
  INTERNAL: { zh: '服务器内部错误', en: 'internal server error' },
  UNAVAILABLE: { zh: '服务暂时不可用，请稍后再试', en: 'the service is unavailable; try again later' },
  TOKEN_SCOPE_DENIED: {
    zh: '此访问令牌的使用范围不包含该接口',
    en: 'this access token is restricted to other API groups',
  },
  CSRF_FAILED: { zh: '跨站请求被拒绝，请刷新页面后重试', en: 'cross-site request refused; reload the page and try again' },
  USER_DISABLED: { zh: '账号已被禁用', en: 'the account is disabled' },
  SIGNUP_DISABLED: { zh: '未开放注册', en: 'sign-up is disabled' },
  INVALID_CURRENT_PASSWORD: { zh: '当前密码不正确', en: 'the current password is wrong' },
  SMTP_NOT_CONFIGURED: {
    zh: '尚未配置邮件发送（SMTP）：请在系统设置的“邮件发送（SMTP）”中填写服务器后再试',
    en: 'e-mail sending (SMTP) is not configured: set the server under host settings, "E-mail (SMTP)", then try again',
  },
  IDEMPOTENCY_KEY_REUSED: {
    zh: '该幂等键已用于另一个不同的请求',
    en: 'this Idempotency-Key was already used for a different request',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    zh: '使用该幂等键的请求仍在处理中，请稍后重试',
    en: 'a request with this Idempotency-Key is still in progress; retry shortly',
  },
  YAML_ALIAS_REFUSED: {
    zh: '不接受 YAML 锚点别名（*name）：请把内容写完整',
    en: 'YAML aliases (*name) are not accepted; write the content out',
  },
  YAML_TOO_DEEP: { zh: 'YAML 嵌套过深', en: 'the YAML is nested too deeply' },
  ATTACHMENT_TOO_LARGE: { zh: '文件过大', en: 'the file is too large' },
  ATTACHMENT_TYPE_UNSUPPORTED: {
    zh: '不支持的文件类型（支持 PNG、JPEG、GIF、WebP 图片）',
    en: 'unsupported file type (PNG, JPEG, GIF and WebP images)',
  },
  ATTACHMENT_TYPE_MISMATCH: { zh: '文件内容与声明的类型不符', en: 'the file is not of the type it claims' },
};
