/** The merchant ledger leaves out the English notes the service writes; a person's note and reason stay. */
import { ledgerNoteText } from '../../../../../console-ui/src/pages/payment/settlement/ledger-note.js';

test('the service notes say what the type and reference columns say, so they are left out', () => {
  expect(ledgerNoteText('settlement stl-20261207211917-bd6731d391')).toBe('');
  expect(ledgerNoteText('refund r-1 of p20261207abc')).toBe('');
});

test("a reversal keeps the administrator's reason; a typed note is shown as it is", () => {
  expect(ledgerNoteText('reversal of settlement stl-1: 重复结算')).toBe('重复结算');
  expect(ledgerNoteText('月末调整')).toBe('月末调整');
  expect(ledgerNoteText(undefined)).toBe('');
});
