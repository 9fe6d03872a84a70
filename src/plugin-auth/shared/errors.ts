import { AppError } from '../../host/errors/app-error.js';

/** Spec error row "application for a plugin or user that does not exist". */
export function pluginNotFound(pluginKey: string): AppError {
  return new AppError('PLUGIN_NOT_FOUND', `插件不存在: ${pluginKey}`, { status: 404, messageEn: `plugin "${pluginKey}" not found`, details: [{ field: 'pluginKey', message: 'no catalog plugin has this key', reason: 'PLUGIN_NOT_FOUND' }] });
}

export function userNotFound(user: string): AppError {
  return new AppError('USER_NOT_FOUND', `用户不存在: ${user}`, { status: 404, messageEn: `user "${user}" not found`, details: [{ field: 'authUser', message: 'no such user', reason: 'USER_NOT_FOUND' }] });
}

export function recordNotFound(name: string): AppError {
  return new AppError('AUTH_LOG_NOT_FOUND', `授权记录不存在: ${name}`, { status: 404, messageEn: `authorization record "${name}" not found`, details: [{ field: 'name', message: 'not found', reason: 'AUTH_LOG_NOT_FOUND' }] });
}

/** A batch named records that do not exist: nothing of the batch was changed. */
export function recordsNotFound(names: string[]): AppError {
  return new AppError('AUTH_LOG_NOT_FOUND', `授权记录不存在: ${names.join(', ')}`, {
    status: 404,
    messageEn: `authorization records not found: ${names.join(', ')}`,
    details: names.map((name) => ({ field: 'names', message: `${name} not found`, reason: 'AUTH_LOG_NOT_FOUND' })),
  });
}

export function stateConflict(message: string, messageEn: string, field: string): AppError {
  return new AppError('STATE_CONFLICT', message, { status: 409, messageEn, details: [{ field, message: messageEn, reason: 'STATE_CONFLICT' }] });
}
