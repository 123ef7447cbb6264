/**
 * Independent recomputation of every template's gold answer from raw rows: plain loops over `LogRow`, no
 * `LogFacts`, no template helpers. Property tests compare these with the builder's gold options.
 * Each oracle returns the gold option text (calc: formatted like the options), or null when it does not apply.
 */
import type { Log, LogRow } from '../../src/schema/log-row.js';

const OK = (r: LogRow): boolean => r.status === 'SUCCESS';
const M = (r: LogRow): string => r.timestamp.slice(0, 7);
const H = (r: LogRow): number => Number(r.timestamp.slice(11, 13));
const T = (r: LogRow): number => Date.parse(r.timestamp.replace(' ', 'T') + 'Z');
const DAYMS = 86_400_000;
const abs = Math.abs;

function monthsCovered(log: Log): string[] {
  const out: string[] = [];
  const first = M(log.rows[0]);
  const last = M(log.rows[log.rows.length - 1]);
  let [y, m] = first.split('-').map(Number);
  for (;;) {
    const k = `${y}-${String(m).padStart(2, '0')}`;
    out.push(k);
    if (k === last) return out;
    m++;
    if (m === 13) {
      m = 1;
      y++;
    }
  }
}
function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}
function cents(x: number): string {
  const c = Math.round(x);
  const s = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${s}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}
const P = (x: number): string => `${(Math.round(x * 10) / 10).toFixed(1)}%`;
const R = (x: number): string => (Math.round(x * 100) / 100).toFixed(2);
const D = (x: number): string => `${(Math.round(x * 10) / 10).toFixed(1)} days`;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ML = (m: string): string => `${MONTHS[Number(m.slice(5)) - 1]} ${m.slice(0, 4)}`;

function rowsOf(log: Log, types: string[], sign: 0 | 1 | -1 = 0): LogRow[] {
  return log.rows.filter((r) => OK(r) && (types.length === 0 || types.includes(r.type)) && (sign === 0 || Math.sign(r.amountCents) === sign));
}
function monthly(log: Log, rows: LogRow[]): number[] {
  return monthsCovered(log).map((m) => sum(rows.filter((r) => M(r) === m).map((r) => abs(r.amountCents))));
}
function meanOf(xs: number[]): number {
  return sum(xs) / xs.length;
}
function sdOf(xs: number[]): number {
  const m = meanOf(xs);
  return Math.sqrt(sum(xs.map((x) => (x - m) ** 2)) / xs.length);
}
function medianOf(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const k = Math.floor(s.length / 2);
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
}
function argmax(m: Map<string, number>): string {
  return [...m].sort((a, b) => b[1] - a[1])[0][0];
}
function totalsBy(rows: LogRow[], key: (r: LogRow) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + abs(r.amountCents));
  return m;
}
function home(log: Log): string {
  const m = new Map<string, number>();
  for (const r of log.rows) m.set(r.location, (m.get(r.location) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
}
function monthEnds(log: Log): number[] {
  let carry = log.rows[0].balanceCents;
  return monthsCovered(log).map((m) => {
    const inMonth = log.rows.filter((r) => M(r) === m);
    if (inMonth.length) carry = inMonth[inMonth.length - 1].balanceCents;
    return carry;
  });
}
const OPER = ['Supplier Payment', 'Payroll', 'Rent', 'Bill Payment', 'Tax'];

/** Gold option text per template id. */
export const ORACLES: Partial<Record<string, (log: Log, kind: 'personal' | 'sme') => string | null>> = {
  'salary-months': (l) => String(new Set(rowsOf(l, ['Salary']).map(M)).size),
  'rent-missing-months': (l) => {
    const paid = new Set(rowsOf(l, ['Rent']).map(M));
    return String(monthsCovered(l).filter((m) => !paid.has(m)).length);
  },
  'card-repayment-months': (l) => String(new Set(rowsOf(l, ['Card Repayment']).map(M)).size),
  'tax-months': (l) => String(new Set(rowsOf(l, ['Tax']).map(M)).size),
  'payroll-months': (l) => String(new Set(rowsOf(l, ['Payroll']).map(M)).size),
  'subscription-counterparties': (l) => String(new Set(rowsOf(l, ['Subscription']).map((r) => r.counterparty)).size),
  'top-outflow-type': (l) => argmax(totalsBy(rowsOf(l, [], -1), (r) => r.type)),
  'top-outflow-counterparty': (l) => argmax(totalsBy(rowsOf(l, [], -1), (r) => r.counterparty)),
  'largest-outflow-counterparty': (l) => {
    let best: LogRow | null = null;
    for (const r of rowsOf(l, [], -1)) if (!best || r.amountCents < best.amountCents) best = r;
    return best!.counterparty;
  },
  'frequent-merchant': (l) => {
    const m = new Map<string, number>();
    for (const r of rowsOf(l, ['Purchase'])) m.set(r.counterparty, (m.get(r.counterparty) ?? 0) + 1);
    return argmax(m);
  },
  'purchase-weekday': (l) => {
    const c = [0, 0, 0, 0, 0, 0, 0];
    for (const r of rowsOf(l, ['Purchase'])) c[new Date(r.timestamp.slice(0, 10) + 'T00:00:00Z').getUTCDay()]++;
    return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][c.indexOf(Math.max(...c))];
  },
  'top-supplier': (l) => argmax(totalsBy(rowsOf(l, ['Supplier Payment'], -1), (r) => r.counterparty)),
  'top-cost-type': (l) => {
    // later run over earlier run of equal length (the middle month of an odd count in neither); null when a type paid
    // later was not paid earlier, or the leader is within 1% of the runner-up (the template declines those logs)
    const ms = monthsCovered(l);
    const n = Math.floor(ms.length / 2);
    const rows = rowsOf(l, OPER, -1);
    const early = totalsBy(rows.filter((r) => ms.slice(0, n).includes(M(r))), (r) => r.type);
    const late = totalsBy(rows.filter((r) => ms.slice(ms.length - n).includes(M(r))), (r) => r.type);
    const types = OPER.filter((t) => early.has(t) || late.has(t));
    if (n < 1 || types.length < 2 || types.some((t) => !early.has(t))) return null;
    const ratios = types.map((t) => [t, (late.get(t) ?? 0) / early.get(t)!] as const).sort((a, b) => b[1] - a[1]);
    return ratios[0][1] >= ratios[1][1] * 1.01 ? ratios[0][0] : null;
  },
  'most-declined-type': (l) => {
    const m = new Map<string, number>();
    for (const r of l.rows) if (!OK(r)) m.set(r.type, (m.get(r.type) ?? 0) + 1);
    return argmax(m);
  },
  'lowest-balance-month': (l) => {
    let best = l.rows[0];
    for (const r of l.rows) if (r.balanceCents < best.balanceCents) best = r;
    return ML(M(best));
  },
  'refund-top-counterparty': (l) => argmax(totalsBy(rowsOf(l, ['Refund'], 1), (r) => r.counterparty)),
  'late-fee-total': (l) => cents(sum(rowsOf(l, ['Late Fee']).map((r) => abs(r.amountCents)))),
  'peak-hour-window': (l, k) => {
    const rows = rowsOf(l, [k === 'sme' ? 'Sales Receipt' : 'Purchase']);
    const c = [0, 0, 0, 0];
    for (const r of rows) c[Math.floor(H(r) / 6)]++;
    return ['00:00–05:59', '06:00–11:59', '12:00–17:59', '18:00–23:59'][c.indexOf(Math.max(...c))];
  },
  'busiest-weekday': (l) => {
    const c = [0, 0, 0, 0, 0, 0, 0];
    for (const r of rowsOf(l, ['Sales Receipt'])) c[new Date(r.timestamp.slice(0, 10) + 'T00:00:00Z').getUTCDay()]++;
    return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][c.indexOf(Math.max(...c))];
  },
  'lowest-revenue-month': (l) => {
    const xs = monthly(l, rowsOf(l, ['Sales Receipt'], 1));
    return ML(monthsCovered(l)[xs.indexOf(Math.min(...xs))]);
  },
  'qr-top-month': (l) => {
    const ms = monthsCovered(l);
    const c = ms.map((m) => rowsOf(l, []).filter((r) => r.channel === 'QR' && M(r) === m).length);
    return ML(ms[c.indexOf(Math.max(...c))]);
  },
  'peak-spending-month': (l) => {
    const xs = monthly(l, rowsOf(l, [], -1));
    return ML(monthsCovered(l)[xs.indexOf(Math.max(...xs))]);
  },
  'top-counterparty-share': (l) => {
    const out = rowsOf(l, [], -1);
    const t = totalsBy(out, (r) => r.counterparty);
    return P((100 * Math.max(...t.values())) / sum(out.map((r) => abs(r.amountCents))));
  },
  'supplier-share': (l) => {
    const out = rowsOf(l, ['Supplier Payment'], -1);
    return P((100 * Math.max(...totalsBy(out, (r) => r.counterparty).values())) / sum(out.map((r) => abs(r.amountCents))));
  },
  'bill-monthly-average': (l) => cents(sum(rowsOf(l, ['Bill Payment'], -1).map((r) => abs(r.amountCents))) / monthsCovered(l).length),
  'largest-purchase-multiple': (l) => {
    const a = rowsOf(l, ['Purchase'], -1).map((r) => abs(r.amountCents));
    return R(Math.max(...a) / medianOf(a));
  },
  'night-share': (l, k) => {
    const rows = rowsOf(l, [k === 'sme' ? 'Sales Receipt' : 'Purchase']);
    return P((100 * rows.filter((r) => H(r) < 5).length) / rows.length);
  },
  'overseas-share': (l) => {
    const out = rowsOf(l, [], -1);
    const h = home(l);
    return P((100 * sum(out.filter((r) => r.location !== h).map((r) => abs(r.amountCents)))) / sum(out.map((r) => abs(r.amountCents))));
  },
  'refund-rate': (l) => P((100 * sum(rowsOf(l, ['Refund'], 1).map((r) => r.amountCents))) / sum(rowsOf(l, ['Purchase'], -1).map((r) => -r.amountCents))),
  'declined-share': (l) => {
    const att = l.rows.filter((r) => r.amountCents < 0);
    return P((100 * att.filter((r) => !OK(r)).length) / att.length);
  },
  'cash-out-after-credit': (l) => {
    const d = rowsOf(l, ['Loan Disbursement'], 1).map(T);
    return String(rowsOf(l, ['ATM Withdrawal', 'Transfer Out']).filter((r) => d.some((t) => T(r) > t && T(r) - t <= 72 * 3600_000)).length);
  },
  'borrowing-to-repay': (l) => {
    const d = rowsOf(l, ['Loan Disbursement'], 1).map(T);
    return String(rowsOf(l, ['Loan Repayment', 'Card Repayment']).filter((r) => d.some((t) => T(r) > t && T(r) - t <= 168 * 3600_000)).length);
  },
  'online-lenders': (l) => cents(sum(rowsOf(l, ['Loan Disbursement'], 1).filter((r) => r.channel === 'ONLINE').map((r) => r.amountCents))),
  'savings-rate': (l) => {
    const i = sum(rowsOf(l, [], 1).map((r) => r.amountCents));
    const o = sum(rowsOf(l, [], -1).map((r) => -r.amountCents));
    return P((100 * (i - o)) / i);
  },
  'operating-income-share': (l) => P((100 * sum(rowsOf(l, ['Sales Receipt'], 1).map((r) => r.amountCents))) / sum(rowsOf(l, [], 1).map((r) => r.amountCents))),
  'cost-to-income': (l) => P((100 * sum(rowsOf(l, OPER, -1).map((r) => -r.amountCents))) / sum(rowsOf(l, ['Sales Receipt'], 1).map((r) => r.amountCents))),
  'qr-share': (l) => {
    const ok = rowsOf(l, []);
    return P((100 * sum(ok.filter((r) => r.channel === 'QR').map((r) => abs(r.amountCents)))) / sum(ok.map((r) => abs(r.amountCents))));
  },
  'rows-per-active-day': (l) => {
    const ok = rowsOf(l, []);
    return R(ok.length / new Set(ok.map((r) => r.timestamp.slice(0, 10))).size);
  },
  'owner-net-transfers': (l) => cents(sum(rowsOf(l, ['Transfer In'], 1).map((r) => r.amountCents)) + sum(rowsOf(l, ['Transfer Out'], -1).map((r) => r.amountCents))),
  'months-balance-fell': (l) => {
    const e = monthEnds(l);
    return String(e.filter((x, i) => i > 0 && x < e[i - 1]).length);
  },
  'loan-repayment-gap': (l) => {
    const t = rowsOf(l, ['Loan Repayment']).map(T);
    return D(Math.max(...t.slice(1).map((x, i) => (x - t[i]) / DAYMS)));
  },
  'pay-day-spread': (l, k) => {
    const d = rowsOf(l, [k === 'sme' ? 'Payroll' : 'Salary']).map((r) => Number(r.timestamp.slice(8, 10)));
    return D(Math.max(...d) - Math.min(...d));
  },
  'monthly-outflow-cv': (l) => {
    const xs = monthly(l, rowsOf(l, [], -1));
    return P((100 * sdOf(xs)) / meanOf(xs));
  },
  'revenue-cv': (l) => {
    const xs = monthly(l, rowsOf(l, ['Sales Receipt'], 1));
    return P((100 * sdOf(xs)) / meanOf(xs));
  },
  'essential-share': (l) => {
    const e = sum(rowsOf(l, ['Rent', 'Bill Payment', 'Tax'], -1).map((r) => -r.amountCents));
    const d = sum(rowsOf(l, ['Purchase', 'Subscription'], -1).map((r) => -r.amountCents));
    return P((100 * e) / (e + d));
  },
  'debt-service-ratio': (l) =>
    P((100 * sum(rowsOf(l, ['Loan Repayment', 'Card Repayment'], -1).map((r) => -r.amountCents))) / sum(rowsOf(l, ['Salary'], 1).map((r) => r.amountCents))),
  'spike-count': (l) => {
    const a = rowsOf(l, ['Purchase'], -1).map((r) => -r.amountCents);
    const m = medianOf(a);
    return String(a.filter((x) => x > 3 * m).length);
  },
  'category-hhi': (l) => {
    const out = rowsOf(l, [], -1);
    const all = sum(out.map((r) => -r.amountCents));
    return R(sum([...totalsBy(out, (r) => r.type).values()].map((v) => (v / all) ** 2)));
  },
  'low-balance-days': (l) => {
    const threshold = (0.1 * sum(rowsOf(l, [], 1).map((r) => r.amountCents))) / monthsCovered(l).length;
    const close = new Map<string, number>();
    for (const r of l.rows) close.set(r.timestamp.slice(0, 10), r.balanceCents);
    return String([...close.values()].filter((b) => b < threshold).length);
  },
  'retention-after-payday': (l) => {
    const ratios: number[] = [];
    l.rows.forEach((p, i) => {
      if (!OK(p) || p.type !== 'Salary' || p.amountCents <= 0 || p.balanceCents <= 0) return;
      let b = p.balanceCents;
      for (let k = i + 1; k < l.rows.length && T(l.rows[k]) - T(p) <= 168 * 3600_000; k++) b = l.rows[k].balanceCents;
      ratios.push(b / p.balanceCents);
    });
    return P(100 * meanOf(ratios));
  },
  'balance-trend': (l) => {
    const y = monthEnds(l);
    const n = y.length;
    const mx = (n - 1) / 2;
    const my = meanOf(y);
    return cents(sum(y.map((v, i) => (i - mx) * (v - my))) / sum(y.map((_, i) => (i - mx) ** 2)));
  },
  'net-borrowing': (l) => cents(sum(rowsOf(l, ['Loan Disbursement'], 1).map((r) => r.amountCents)) + sum(rowsOf(l, ['Loan Repayment'], -1).map((r) => r.amountCents))),
  'peak-month-ratio': (l) => {
    const xs = monthly(l, rowsOf(l, [], -1));
    return R(Math.max(...xs) / meanOf(xs));
  },
  'seasonal-peak-trough': (l) => {
    const xs = monthly(l, rowsOf(l, ['Sales Receipt'], 1));
    return R(Math.max(...xs) / Math.min(...xs));
  },
  'working-capital-cover': (l) => R(Math.min(...monthEnds(l)) / (sum(rowsOf(l, OPER, -1).map((r) => -r.amountCents)) / monthsCovered(l).length)),
  'refund-lag': (l) => {
    const lags: number[] = [];
    l.rows.forEach((rf, i) => {
      if (!OK(rf) || rf.type !== 'Refund' || rf.amountCents <= 0) return;
      for (let k = i - 1; k >= 0; k--) {
        const p = l.rows[k];
        if (OK(p) && p.type === 'Purchase' && p.counterparty === rf.counterparty) {
          lags.push((T(rf) - T(p)) / DAYMS);
          return;
        }
      }
    });
    return D(meanOf(lags));
  },
  'turnover-cycle': (l) => {
    const sales = rowsOf(l, ['Sales Receipt'], 1).map(T);
    const lags: number[] = [];
    for (const p of rowsOf(l, ['Supplier Payment'], -1)) {
      const next = sales.find((s) => s > T(p));
      if (next !== undefined) lags.push((next - T(p)) / DAYMS);
    }
    return D(meanOf(lags));
  },
  'receivables-gap': (l) => {
    const t = rowsOf(l, ['Sales Receipt'], 1).map(T);
    return D(Math.max(...t.slice(1).map((x, i) => (x - t[i]) / DAYMS)));
  },
  'supplier-payment-gap': (l) => {
    const pays = rowsOf(l, ['Supplier Payment'], -1);
    const top = argmax(totalsBy(pays, (r) => r.counterparty));
    const t = pays.filter((r) => r.counterparty === top).map(T);
    return D(meanOf(t.slice(1).map((x, i) => (x - t[i]) / DAYMS)));
  },
  'verdict-salary': (l) => {
    const sal = rowsOf(l, ['Salary'], 1);
    const months = new Set(sal.map(M));
    const every = monthsCovered(l).every((m) => months.has(m));
    const a = sal.map((r) => r.amountCents);
    const steady = (Math.max(...a) - Math.min(...a)) / Math.min(...a) < 0.1;
    return `${every ? 'A successful Salary row arrives in every month covered' : 'At least some month covered has no successful Salary row'}, and ${steady ? 'the largest salary is less than 10% above the smallest' : 'the largest salary is 10% or more above the smallest'}`;
  },
  'verdict-concentration': (l) => {
    const out = rowsOf(l, [], -1);
    const all = sum(out.map((r) => -r.amountCents));
    const cp = (100 * Math.max(...totalsBy(out, (r) => r.counterparty).values())) / all;
    const ty = (100 * Math.max(...totalsBy(out, (r) => r.type).values())) / all;
    return `${cp >= 30 ? 'The largest counterparty takes 30% or more of the outflow' : 'No counterparty takes as much as 30% of the outflow'}, and ${ty >= 50 ? 'a single transaction type takes 50% or more of it' : 'no transaction type takes as much as 50% of it'}`;
  },
  'verdict-conduct': (l) => {
    const p = rowsOf(l, ['Purchase']);
    const night = (100 * p.filter((r) => H(r) < 5).length) / p.length;
    const out = rowsOf(l, [], -1);
    const h = home(l);
    const abroad = (100 * sum(out.filter((r) => r.location !== h).map((r) => -r.amountCents))) / sum(out.map((r) => -r.amountCents));
    return `${night >= 10 ? 'At least 10% of successful Purchase rows are at night' : 'Fewer than 10% of successful Purchase rows are at night'}, and ${abroad >= 5 ? 'at least 5% of successful outflow by amount is overseas' : 'less than 5% of successful outflow by amount is overseas'}`;
  },
  'verdict-liquidity': (l) => {
    const neg = l.rows.some((r) => r.balanceCents < 0);
    const att = l.rows.filter((r) => r.amountCents < 0);
    const share = (100 * att.filter((r) => !OK(r)).length) / att.length;
    const q = '(negative amounts, any status) were declined';
    return `${neg ? 'The balance goes below zero after some row' : 'The balance never goes below zero'}, and ${share >= 5 ? `at least 5% of outgoing attempts ${q}` : `fewer than 5% of outgoing attempts ${q}`}`;
  },
  'verdict-time': (l) => {
    const e = monthEnds(l);
    const xs = monthly(l, rowsOf(l, [], -1));
    const late = xs.indexOf(Math.max(...xs)) >= xs.length / 2;
    return `${e[e.length - 1] > e[0] ? 'The last month-end balance is higher than the earliest month-end balance' : 'The last month-end balance is not higher than the earliest month-end balance'}, and the month with the largest successful outflow falls in the ${late ? 'later' : 'earlier'} half of the months covered`;
  },
  'verdict-industry': (l) => {
    const s = sum(rowsOf(l, ['Sales Receipt'], 1).map((r) => r.amountCents));
    const c = sum(rowsOf(l, OPER, -1).map((r) => -r.amountCents));
    const share = (100 * s) / sum(rowsOf(l, [], 1).map((r) => r.amountCents));
    return `${c < s ? 'Successful operating costs are below successful Sales Receipt income' : 'Successful operating costs are at or above successful Sales Receipt income'}, and ${share >= 70 ? 'Sales Receipt makes up 70% or more of successful inflow' : 'Sales Receipt makes up less than 70% of successful inflow'}`;
  },
  'verdict-debt': (l, k) => {
    const inc = k === 'sme' ? 'Sales Receipt' : 'Salary';
    const burden = (100 * sum(rowsOf(l, ['Loan Repayment', 'Card Repayment'], -1).map((r) => -r.amountCents))) / sum(rowsOf(l, [inc], 1).map((r) => r.amountCents));
    const trouble = rowsOf(l, ['Late Fee']).length > 0 || l.rows.some((r) => !OK(r) && (r.type === 'Loan Repayment' || r.type === 'Card Repayment'));
    return `${burden >= 40 ? `Successful debt service is 40% or more of successful ${inc} income` : `Successful debt service is less than 40% of successful ${inc} income`}, and ${trouble ? 'there is a successful Late Fee or a declined debt-service row' : 'there is no successful Late Fee and no declined debt-service row'}`;
  },
};

/** Truth of each statement of the liquidity-statements template, recomputed from raw rows. */
export function liquidityTruths(l: Log): Record<string, boolean> {
  const first = l.rows[0];
  const last = l.rows[l.rows.length - 1];
  const opening = OK(first) ? first.balanceCents - first.amountCents : first.balanceCents;
  const inM = monthly(l, rowsOf(l, [], 1));
  const outM = monthly(l, rowsOf(l, [], -1));
  const inAll = sum(inM);
  const outAll = sum(outM);
  const minBal = Math.min(...l.rows.map((r) => r.balanceCents));
  return {
    'The balance is below zero after at least some row': minBal < 0,
    'Some outgoing payment was declined (FAILED)': l.rows.some((r) => !OK(r) && r.amountCents < 0),
    'The closing balance is lower than the opening balance': last.balanceCents < opening,
    'A Late Fee was successfully charged': rowsOf(l, ['Late Fee']).length > 0,
    'In some month covered, successful outflow exceeded successful inflow': outM.some((o, i) => o > inM[i]),
    'Total successful outflow over the log exceeds total successful inflow': outAll > inAll,
    'The closing balance is higher than the opening balance': last.balanceCents > opening,
    'Every month covered has some successful inflow': inM.every((x) => x > 0),
    'The lowest balance after any row is below the average monthly successful outflow': minBal < outAll / outM.length,
  };
}


/** "below"/"less" (value under the threshold) or "above"/"more" (over it), with the threshold in cents. */
function compare(value: number, side: string, threshold: string): boolean {
  const t = Math.round(Number(threshold) * 100);
  return side === 'below' || side === 'less' ? value < t : value > t;
}

/** "At least N" / "fewer than N" of a count. */
function countCompare(value: number, side: string, n: string): boolean {
  return side.toLowerCase() === 'at least' ? value >= Number(n) : value < Number(n);
}

/**
 * Truth of a liquidity-statements option recomputed from raw rows: the fixed statements, and the threshold
 * statements (money "below"/"above" T, counts "at least"/"fewer than" N) parsed from their text.
 */
export function liquidityStatementTruth(l: Log, text: string): boolean | undefined {
  const fixed = liquidityTruths(l)[text];
  if (fixed !== undefined) return fixed;
  const X = '(-?\\d+\\.\\d{2})';
  const balances = l.rows.map((r) => r.balanceCents);
  let m = new RegExp(`^The lowest balance after any row is (below|above) ${X}$`).exec(text);
  if (m) return compare(Math.min(...balances), m[1], m[2]);
  m = new RegExp(`^The highest balance after any row is (below|above) ${X}$`).exec(text);
  if (m) return compare(Math.max(...balances), m[1], m[2]);
  m = new RegExp(`^The closing balance is (below|above) ${X}$`).exec(text);
  if (m) return compare(balances[balances.length - 1], m[1], m[2]);
  m = new RegExp(`^The balance after the last row of (\\w+ \\d{4}) is (below|above) ${X}$`).exec(text);
  if (m) {
    const inMonth = l.rows.filter((r) => ML(M(r)) === m![1]);
    if (!inMonth.length) return undefined;
    return compare(inMonth[inMonth.length - 1].balanceCents, m[2], m[3]);
  }
  const inM = monthly(l, rowsOf(l, [], 1));
  const outM = monthly(l, rowsOf(l, [], -1));
  m = new RegExp(`^Successful outflow averages (less|more) than ${X} per month covered$`).exec(text);
  if (m) return compare(sum(outM) / outM.length, m[1], m[2]);
  m = /^Successful outflow exceeded successful inflow in (at least|fewer than) (\d+) of the months covered$/.exec(text);
  if (m) return countCompare(outM.filter((o, i) => o > inM[i]).length, m[1], m[2]);
  m = /^(At least|Fewer than) (\d+) outgoing payments were declined \(FAILED\)$/.exec(text);
  if (m) return countCompare(l.rows.filter((r) => !OK(r) && r.amountCents < 0).length, m[1], m[2]);
  m = /^The balance is below zero after (at least|fewer than) (\d+) rows$/.exec(text);
  if (m) return countCompare(l.rows.filter((r) => r.balanceCents < 0).length, m[1], m[2]);
  return undefined;
}

/**
 * Truth of an inflow-types option recomputed from raw rows: presence of a type, or a total, extreme, average, month
 * total or row count of its successful inflows against a threshold.
 */
export function inflowStatementTruth(l: Log, text: string, nonOperating: readonly string[]): boolean | undefined {
  const X = '(\\d+\\.\\d{2})';
  const inflows = (type: string): number[] => l.rows.filter((r) => OK(r) && r.type === type && r.amountCents > 0).map((r) => r.amountCents);
  let m = /^(.+) brought money in through at least one successful row$/.exec(text);
  if (m) return nonOperating.includes(m[1]) && inflows(m[1]).length > 0;
  m = new RegExp(`^Successful non-operating inflows of all types together total (less|more) than ${X}$`).exec(text);
  if (m) return compare(sum(nonOperating.flatMap(inflows)), m[1], m[2]);
  m = new RegExp(`^Successful (.+) inflows in (\\w+ \\d{4}) total (less|more) than ${X}$`).exec(text);
  if (m) {
    const type = m[1];
    const month = m[2];
    return compare(sum(l.rows.filter((r) => OK(r) && r.type === type && r.amountCents > 0 && ML(M(r)) === month).map((r) => r.amountCents)), m[3], m[4]);
  }
  m = new RegExp(`^Successful (.+) inflows total (less|more) than ${X}$`).exec(text);
  if (m) return compare(sum(inflows(m[1])), m[2], m[3]);
  m = new RegExp(`^Successful (.+) inflows average (less|more) than ${X} per row$`).exec(text);
  if (m) return compare(sum(inflows(m[1])) / inflows(m[1]).length, m[2], m[3]);
  m = new RegExp(`^The (largest|smallest) successful (.+) inflow is (less|more) than ${X}$`).exec(text);
  if (m) return compare((m[1] === 'largest' ? Math.max : Math.min)(...inflows(m[2])), m[3], m[4]);
  m = /^(At least|Fewer than) (\d+) successful (.+) rows brought money in$/.exec(text);
  if (m) return countCompare(inflows(m[3]).length, m[1], m[2]);
  return undefined;
}

/**
 * Truth of an overseas-locations option recomputed from raw rows: presence of a code on a successful row outside the
 * home country (the location on the most rows, ties to the alphabetically first), or a count or outflow total of those
 * rows, per location or over all of them, against a threshold.
 */
export function overseasStatementTruth(l: Log, text: string): boolean | undefined {
  const counts = new Map<string, number>();
  for (const r of l.rows) counts.set(r.location, (counts.get(r.location) ?? 0) + 1);
  const home = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  const abroad = l.rows.filter((r) => OK(r) && r.location !== home);
  const at = (loc: string) => abroad.filter((r) => r.location === loc);
  const outTotal = (rows: typeof abroad): number => sum(rows.filter((r) => r.amountCents < 0).map((r) => -r.amountCents));
  const X = '(\\d+\\.\\d{2})';
  let m = /^Some successful row outside the home country is at (\w+)$/.exec(text);
  if (m) return at(m[1]).length > 0;
  m = /^(At least|Fewer than) (\d+) successful rows are at (\w+)$/.exec(text);
  if (m) return countCompare(at(m[3]).length, m[1], m[2]);
  m = new RegExp(`^Successful outflows at (\\w+) total (less|more) than ${X}$`).exec(text);
  if (m) return compare(outTotal(at(m[1])), m[2], m[3]);
  m = new RegExp(`^The largest successful outflow at (\\w+) is (less|more) than ${X}$`).exec(text);
  if (m) return compare(Math.max(...at(m[1]).filter((r) => r.amountCents < 0).map((r) => -r.amountCents)), m[2], m[3]);
  m = /^Successful rows outside the home country are spread over (at least|fewer than) (\d+) distinct locations$/.exec(text);
  if (m) return countCompare(new Set(abroad.map((r) => r.location)).size, m[1], m[2]);
  m = /^(At least|Fewer than) (\d+) successful rows are outside the home country$/.exec(text);
  if (m) return countCompare(abroad.length, m[1], m[2]);
  m = new RegExp(`^Successful outflows outside the home country total (less|more) than ${X}$`).exec(text);
  if (m) return compare(outTotal(abroad), m[1], m[2]);
  return undefined;
}

/**
 * Truth of a misfit-counterparties option from raw rows: the counterparty's successful Purchase and Supplier Payment
 * outflows fall in a single calendar month (fewer than two). Undefined when the log never pays it that way, which no
 * offered option may be.
 */
export function misfitTruth(l: Log, name: string): boolean | undefined {
  const months = new Set(rowsOf(l, ['Purchase', 'Supplier Payment'], -1).filter((r) => r.counterparty === name).map(M));
  return months.size === 0 ? undefined : months.size < 2;
}
