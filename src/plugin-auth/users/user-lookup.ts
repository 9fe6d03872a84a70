import { AppError, HostUser, type ExtensionClient } from '../../host/sdk/index.js';

/** USER_NOT_FOUND unless a host User of this name exists. */
export async function requireUser(client: ExtensionClient, username: string): Promise<void> {
  if (!(await userExists(client, username))) throw userNotFound(username);
}

/** A host without the User kind (some test set-ups) has every name. */
export async function userExists(client: ExtensionClient, username: string): Promise<boolean> {
  if (!client.registry.find(HostUser.kind)) return true;
  return (await client.fetch(HostUser, username)) !== undefined;
}

/** Spec error row "application for a plugin or user that does not exist". */
export function userNotFound(user: string): AppError {
  return new AppError('USER_NOT_FOUND', `用户不存在: ${user}`, {
    status: 404,
    messageEn: `user "${user}" not found`,
    details: [
      {
        field: 'authUser',
        message: `没有用户名为“${user}”的用户`,
        messageEn: `There is no user named "${user}".`,
        reason: 'USER_NOT_FOUND',
      },
    ],
  });
}
