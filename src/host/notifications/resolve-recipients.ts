import { NotFoundError, ValidationError } from '../errors/app-error.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { HostUser } from '../users/types.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../errors/language.js';
import type { Channel, RecipientRef } from './types.js';

/** One delivery: who, on which channel, and what templates may say about them (`recipient.*`). */
export interface DeliveryTarget {
  channel: Channel;
  /** User name for INBOX, e-mail address for EMAIL. */
  address: string;
  /** EMAIL to a user who is also reached in the inbox: one message serves both (OutboxMessageSpec.inbox). */
  inbox?: boolean;
  username?: string;
  displayName: string;
  email?: string;
  /** The reader's language: the one the user saved, a bare address's as the sender gave it, else the site default. */
  language: Language;
}

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

/**
 * Expands recipients to delivery targets, one per person: a user gets the inbox, and when the User resource
 * has an address the e-mail target instead, marked to reach the inbox as well. Until the User kind exists
 * (host bootstrap order) a user name still reaches the inbox. A user that does not exist fails the whole
 * send, or with missingUsers 'skip' is left out. An address named twice (by a user and as a bare address)
 * is one target, the first.
 */
export async function resolveRecipients(
  client: ExtensionClient,
  to: RecipientRef[],
  channels: Channel[],
  missingUsers: 'fail' | 'skip' = 'fail',
  defaultLanguage: Language = DEFAULT_LANGUAGE,
): Promise<DeliveryTarget[]> {
  const targets = new Map<string, DeliveryTarget>();
  const add = (t: DeliveryTarget) => {
    const key = `${t.channel}:${t.address}`;
    if (!targets.has(key)) targets.set(key, t);
  };
  const userKind = client.registry.find(HostUser.kind);
  for (const [index, ref] of to.entries()) {
    if ('username' in ref && typeof ref.username === 'string' && ref.username) {
      const user = userKind ? await client.fetch(HostUser, ref.username) : undefined;
      if (userKind && !user) {
        if (missingUsers === 'skip') continue;
        throw new NotFoundError('User', ref.username);
      }
      const email = user?.spec?.email?.trim() || undefined;
      const displayName = user?.spec?.displayName || ref.username;
      const base = { username: ref.username, displayName, email, language: user?.spec?.language ?? defaultLanguage };
      const inbox = channels.includes('INBOX');
      if (channels.includes('EMAIL') && email)
        add({ ...base, channel: 'EMAIL', address: email.toLowerCase(), ...(inbox ? { inbox } : {}) });
      else if (inbox) add({ ...base, channel: 'INBOX', address: ref.username });
    } else if ('email' in ref && typeof ref.email === 'string' && EMAIL.test(ref.email.trim())) {
      const email = ref.email.trim().toLowerCase();
      const language = 'language' in ref && LANGUAGES.includes(ref.language!) ? ref.language! : defaultLanguage;
      if (channels.includes('EMAIL')) add({ channel: 'EMAIL', address: email, displayName: email, email, language });
    } else {
      throw new ValidationError(`recipient ${index} needs a username or a valid email`, [
        { field: `to.${index}`, message: 'username or email required' },
      ]);
    }
  }
  return [...targets.values()];
}
