import type { ExtensionClient } from '../client/extension-client.js';
import { DEFAULT_LANGUAGE, type Language } from '../errors/language.js';
import { HostUser } from './types.js';

/**
 * The language to write to a user in when they are not the one asking (a message, an order made for them):
 * the one they saved in the apps' switch (User `spec.language`), else the site default (DEFAULT_LANGUAGE).
 */
export async function userLanguage(client: ExtensionClient, username: string | undefined): Promise<Language> {
  if (!username || !client.registry.find(HostUser.kind)) return DEFAULT_LANGUAGE;
  return (await client.fetch(HostUser, username))?.spec?.language ?? DEFAULT_LANGUAGE;
}
