import type { Template } from '../template.js';
import { partitionChoices } from '../options.js';
import { ids } from '../facts.js';
import { declinedOn, inflowsOf, nearEdge, outflowsOf, pct, pctText, total } from '../kit.js';
import { DEBT_SERVICE_TYPES } from '../conventions.js';

const BURDEN_EDGE = 40;

/** Debt burden and repayment trouble together: a 2×2 verdict (debt service / loan compliance, evaluation, H) */
export const verdictDebt: Template = {
  id: 'verdict-debt',
  version: 1,
  tags: {
    domain: 'debt',
    sub_domain: 'repayments',
    cognition: 'evaluation',
    difficulty: 'H',
    format: 'single',
    logics: {
      personal: { perspective: 'repayment_patterns', logic: 'debt_service_to_income' },
      sme: { perspective: 'loan_compliance', logic: 'operating_loan_repayment', sub_domain: 'penalties' },
    },
  },
  build({ facts, kind, admit }) {
    const incomeType = kind === 'sme' ? 'Sales Receipt' : 'Salary';
    const income = inflowsOf(facts, incomeType);
    const debt = outflowsOf(facts, ...DEBT_SERVICE_TYPES);
    if (income.length < 3 || debt.length < 2) return null;
    const burden = pct(total(debt), total(income));
    if (nearEdge(burden, [BURDEN_EDGE], 1)) return null;
    const lateFees = facts.okOfType('Late Fee');
    const debtRows = facts.ofType(...DEBT_SERVICE_TYPES);
    const inTrouble = lateFees.length > 0 || debtRows.some((r) => !r.ok);
    const choices = partitionChoices(
      { holds: burden >= BURDEN_EDGE, yes: `Successful debt service is 40% or more of successful ${incomeType} income`, no: `Successful debt service is less than 40% of successful ${incomeType} income` },
      { holds: inTrouble, yes: 'there is a successful Late Fee or a declined debt-service row', no: 'there is no successful Late Fee and no declined debt-service row' },
    );
    // declined on its answer: no evidence or program to build
    if (declinedOn(choices, admit)) return null;
    const trouble = [...lateFees, ...debtRows.filter((r) => !r.ok)];
    return {
      stem: 'Which statement best describes the debt position of {acct}?',
      choices,
      evidence: ids([...debt, ...trouble]),
      program: [
        `Successful debt service (${DEBT_SERVICE_TYPES.join(', ')}): ${(total(debt) / 100).toFixed(2)}`,
        `Successful ${incomeType} income: ${(total(income) / 100).toFixed(2)}`,
        `Burden ${pctText(burden)} → at least 40%: ${burden >= BURDEN_EDGE}`,
        `Successful Late Fee rows: ${facts.okOfType('Late Fee').length}`,
        `Declined debt-service rows: ${trouble.length - facts.okOfType('Late Fee').length} → trouble: ${trouble.length > 0}`,
      ],
    };
  },
};
