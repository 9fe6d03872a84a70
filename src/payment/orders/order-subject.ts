import type { Language } from '../../host/sdk/index.js';

/**
 * An order's title in each language. Orders the service composes itself (a plugin purchase, the account-opening
 * fee) keep one per language, and every reader (payer, merchant, administrator) sees the one of the language
 * they read in; `subject`, the one string the channel gets, is the payer's. A merchant's own order has only
 * the subject it sent (docs/payment.md, "Order titles").
 */
export type OrderSubjects = Readonly<Record<Language, string>>;

/** The title of an order for a reader of `language` (the stored subject when the order has no per-language ones). */
export function subjectIn(spec: { subject: string; subjects?: OrderSubjects }, language: Language | undefined): string {
  return (language && spec.subjects?.[language]) || spec.subject;
}
