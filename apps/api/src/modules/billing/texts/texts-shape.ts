/** The forms of a text by the count's plural category; `other` serves the categories a language lacks here. */
export interface Plural {
  one: string;
  other: string;
}

/**
 * What billing says to people, in one language: notice mails and invoice PDFs. Placeholders in braces are filled
 * with values already formatted for the language ({date}, {amount}); a text with a count has its plural forms.
 */
export interface BillingTexts {
  /** the Intl locale that formats dates and amounts */
  locale: string;
  notices: {
    expirySubject: Plural;
    expiryText: string;
    overdueSubject: string;
    overdueText: string;
    devicesSubject: string;
    devicesText: string;
  };
  pdf: {
    title: string;
    billedTo: string;
    plan: string;
    period: string;
    issued: string;
    due: string;
    status: string;
    paidOn: string;
    vatId: string;
    columns: [description: string, quantity: string, unitPrice: string, amount: string];
    total: string;
    statuses: Record<'DRAFT' | 'ISSUED' | 'PAID' | 'OVERDUE' | 'VOID', string>;
  };
}
