import { AppError } from '../../host/sdk/index.js';

export function recordNotFound(name: string): AppError {
  return new AppError('AUTH_LOG_NOT_FOUND', `授权记录不存在: ${name}`, {
    status: 404,
    messageEn: `authorization record "${name}" not found`,
    details: [{ field: 'name', message: '授权记录不存在', messageEn: 'not found', reason: 'AUTH_LOG_NOT_FOUND' }],
  });
}

/** A batch named records that do not exist: nothing of the batch was changed. */
export function recordsNotFound(names: string[]): AppError {
  return new AppError('AUTH_LOG_NOT_FOUND', `授权记录不存在: ${names.join(', ')}`, {
    status: 404,
    messageEn: `authorization records not found: ${names.join(', ')}`,
    details: names.map((name) => ({
      field: 'names',
      message: `${name} 不存在`,
      messageEn: `${name} not found`,
      reason: 'AUTH_LOG_NOT_FOUND',
    })),
  });
}
