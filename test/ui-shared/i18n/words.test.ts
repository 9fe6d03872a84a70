/** Values shown as words (ui-shared/i18n/words.ts); without an app's i18n, translate() answers the catalog key. */
import { actorText, SYSTEM_ACTOR } from '../../../ui-shared/i18n/words.js';

test('the site itself as an actor is a word (系统 / System); a user name stays; nobody is "-"', () => {
  expect(actorText(SYSTEM_ACTOR)).toBe('common.system');
  expect(actorText('alice')).toBe('alice');
  expect(actorText(undefined)).toBe('common.none');
  expect(actorText('')).toBe('common.none');
});
