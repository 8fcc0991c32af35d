import type { BillingTexts } from './texts-shape';

export const el: BillingTexts = {
  locale: 'el-GR',
  notices: {
    expirySubject: { one: 'Η συνδρομή σας λήγει σε {days} ημέρα', other: 'Η συνδρομή σας λήγει σε {days} ημέρες' },
    expiryText:
      'Η συνδρομή {plan} του {tenant} λήγει στις {date}. Ανανεώστε την για να συνεχίσετε τον εντοπισμό χωρίς διακοπή.',
    overdueSubject: 'Το τιμολόγιο {number} είναι ληξιπρόθεσμο',
    overdueText: 'Το τιμολόγιο {number} του {tenant}, {amount}, έληγε στις {date} και δεν έχει εξοφληθεί ακόμη.',
    devicesSubject: 'Το {tenant} χρησιμοποιεί {active} από τις {limit} συσκευές του',
    devicesText:
      'Το {tenant} έχει {active} ενεργές συσκευές· το πρόγραμμά του {plan} επιτρέπει {limit}. Αναβαθμίστε το πριν προσθέσετε άλλες.',
  },
  pdf: {
    title: 'Τιμολόγιο {number}',
    billedTo: 'Χρέωση σε',
    plan: 'Πρόγραμμα',
    period: 'Περίοδος: {start} έως {end} (χωρίς την τελευταία)',
    issued: 'Έκδοση',
    due: 'Λήξη',
    status: 'Κατάσταση',
    paidOn: 'στις {date}',
    vatId: 'ΑΦΜ',
    columns: ['Περιγραφή', 'Ποσότητα', 'Τιμή μονάδας', 'Ποσό'],
    total: 'Σύνολο',
    statuses: {
      DRAFT: 'Πρόχειρο',
      ISSUED: 'Εκδόθηκε',
      PAID: 'Εξοφλήθηκε',
      OVERDUE: 'Ληξιπρόθεσμο',
      VOID: 'Ακυρώθηκε',
    },
  },
};
