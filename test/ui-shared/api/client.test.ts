import type { ApiItem } from '../../../ui-shared/api/client.js';

/**
 * ApiItem is a type: `npm run typecheck` is what checks these lines (`never` where an item type is expected
 * fails to compile); the test below only keeps the file in the suite.
 */
type IsNever<T> = [T] extends [never] ? true : false;

// listWithdrawalAccounts' schema leaves `items` optional; its item must still be named, not `never`.
const withdrawalAccountIsNamed: IsNever<ApiItem<'listWithdrawalAccounts'>> = false;
const withdrawalAccountHasAName: 'accountName' extends keyof ApiItem<'listWithdrawalAccounts'> ? true : false = true;
// A paged list whose schema requires `items`.
const authLogIsNamed: IsNever<ApiItem<'listMyAuthLogs'>> = false;

test('ApiItem names the item of a list answer whether or not its schema requires `items`', () => {
  expect([withdrawalAccountIsNamed, withdrawalAccountHasAName, authLogIsNamed]).toEqual([false, true, false]);
});
