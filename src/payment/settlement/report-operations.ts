import { defineOperation, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { invalidField } from '../merchants/merchant-errors.js';
import { formatMinor } from '../money/index.js';
import { reconciliationReport, type ReconciliationRow, type ReportRange } from './reconciliation.js';

const DAY = { type: 'string', format: 'date', description: 'yyyy-mm-dd, a day of the reporting time zone (inclusive)' };
const RANGE_QUERY = { type: 'object', additionalProperties: false, required: ['from', 'to'], properties: { from: DAY, to: DAY } };
const AMOUNTS = [
  'paidAmount',
  'settledAmount',
  'unsettledAmount',
  'fees',
  'credits',
  'withdrawals',
  'ledgerBalance',
  'recomputedBalance',
] as const;
export const CSV_COLUMNS = [
  'merchant',
  'currency',
  'paidCount',
  'paidAmount',
  'settledCount',
  'settledAmount',
  'unsettledCount',
  'unsettledAmount',
  'fees',
  'credits',
  'withdrawals',
  'ledgerBalance',
  'recomputedBalance',
  'matches',
] as const;

/** A row with decimal-string amounts. */
export function toReportRowView(row: ReconciliationRow) {
  const out: Record<string, string | number | boolean> = { ...row };
  for (const key of AMOUNTS) out[key] = formatMinor(row[key], row.currency);
  return out;
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
export function csvField(value: unknown): string {
  let text = String(value ?? '');
  if (/^[=+@\t\r]/.test(text) || (/^-/.test(text) && !/^-\d+(\.\d+)?$/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report as CSV with a UTF-8 byte order mark (so Excel reads Chinese names), CRLF line ends. */
export function reportCsv(rows: ReconciliationRow[]): string {
  const lines = [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => csvField(toReportRowView(r)[c])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function checkRange(query: ReportRange): void {
  if (query.from > query.to) throw invalidField('to', '结束日期不能早于开始日期', 'to must not be before from');
}

/** Console: the reconciliation report of a date range, as JSON and as a CSV download. */
export function reportOperations(deps: MerchantDeps): OperationDef[] {
  return [
    defineOperation<ReportRange>({
      operationId: 'getReconciliationReport',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/reports/reconciliation',
      tags: ['payment-console'],
      summary:
        'Per merchant and currency for a date range: paid, settled and unsettled orders, fees, credits, withdrawals (WITHDRAWAL_DEBIT),'
        + ' and the ledger balance against its recomputation',
      query: RANGE_QUERY,
      handler: async ({ query }) => {
        checkRange(query);
        const rows = await reconciliationReport(deps, query);
        return { from: query.from, to: query.to, rows: rows.map(toReportRowView), allMatch: rows.every((r) => r.matches) };
      },
    }),
    defineOperation<ReportRange>({
      operationId: 'exportReconciliationReport',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/reports/reconciliation.csv',
      tags: ['payment-console'],
      summary: 'The reconciliation report as CSV (UTF-8 with a byte order mark, for spreadsheets)',
      query: RANGE_QUERY,
      raw: true,
      produces: ['text/csv'],
      handler: async ({ query, res }) => {
        checkRange(query);
        const csv = reportCsv(await reconciliationReport(deps, query));
        res.setHeader('content-type', 'text/csv; charset=utf-8');
        res.setHeader('content-disposition', `attachment; filename="reconciliation-${query.from}-${query.to}.csv"`);
        res.send(csv);
      },
    }),
  ];
}
