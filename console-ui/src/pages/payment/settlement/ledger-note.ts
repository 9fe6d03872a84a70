/**
 * A ledger entry's note as the administrator reads it. The service writes a note of its own on the entries it
 * posts ("settlement stl-…", "refund r-… of p-…", "reversal of settlement stl-…: <reason>"), in English and
 * saying what the entry's type and reference columns already say in the reader's language; those are left out,
 * and of a reversal only the administrator's reason is kept. A note a person typed is shown as it is.
 */
const SERVICE_NOTES = [/^settlement \S+$/, /^refund \S+ of \S+$/];
const REVERSAL = /^reversal of settlement \S+: ([\s\S]*)$/;

export function ledgerNoteText(note: string | undefined): string {
  if (!note || SERVICE_NOTES.some((pattern) => pattern.test(note))) return '';
  return REVERSAL.exec(note)?.[1] ?? note;
}
