import type { BillingTexts } from './texts-shape';

export const en: BillingTexts = {
  locale: 'en-GB',
  notices: {
    expirySubject: { one: 'Your subscription ends in {days} day', other: 'Your subscription ends in {days} days' },
    expiryText: 'The subscription {plan} of {tenant} ends on {date}. Renew it to keep tracking without interruption.',
    overdueSubject: 'Invoice {number} is overdue',
    overdueText: 'Invoice {number} of {tenant}, {amount}, was due on {date} and is not paid yet.',
    devicesSubject: '{tenant} uses {active} of its {limit} devices',
    devicesText:
      '{tenant} has {active} active devices; its plan {plan} allows {limit}. Upgrade the plan before adding more.',
  },
  pdf: {
    title: 'Invoice {number}',
    billedTo: 'Billed to',
    plan: 'Plan',
    period: 'Period: {start} to {end} (end excluded)',
    issued: 'Issued',
    due: 'Due',
    status: 'Status',
    paidOn: 'on {date}',
    vatId: 'VAT ID',
    columns: ['Description', 'Quantity', 'Unit price', 'Amount'],
    total: 'Total',
    statuses: { DRAFT: 'Draft', ISSUED: 'Issued', PAID: 'Paid', OVERDUE: 'Overdue', VOID: 'Void' },
  },
};
