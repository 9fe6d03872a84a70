/**
 * One small message map per app (Chinese by default). The app registers its map once at start; shared
 * components and pages call t(key). A missing key shows the key itself, so a gap is visible, never blank.
 */
let messages: Record<string, string> = {};

export function setMessages(map: Record<string, string>): void {
  messages = map;
}

/** Looks a label up; `{name}` placeholders are filled from vars. */
export function t(key: string, vars?: Record<string, string | number>): string {
  const text = messages[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (_m, k: string) => String(vars[k] ?? '')) : text;
}

/** Labels the shared components use; each app spreads these into its own map. */
export const COMMON_ZH: Record<string, string> = {
  'common.logout': '退出登录',
  'common.loading': '加载中…',
  'common.empty': '暂无数据',
  'common.search': '查询',
  'common.reset': '重置',
  'common.save': '保存',
  'common.cancel': '取消',
  'common.close': '关闭',
  'common.create': '新建',
  'common.edit': '编辑',
  'common.delete': '删除',
  'common.actions': '操作',
  'common.confirmDelete': '确定删除吗？此操作不可恢复。',
  'common.saved': '已保存',
  'common.deleted': '已删除',
  'common.done': '操作成功',
  'common.all': '全部',
  'common.prev': '上一页',
  'common.next': '下一页',
  'common.pageInfo': '第 {page} / {pages} 页，共 {total} 条',
  'common.noAccess': '没有可访问的页面。',
  'common.export': '导出',
  'common.yes': '是',
  'common.no': '否',
  'common.details': '详情',
};
