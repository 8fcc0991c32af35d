import type { BillingTexts } from './texts-shape';

export const fr: BillingTexts = {
  locale: 'fr-FR',
  notices: {
    expirySubject: {
      one: 'Votre abonnement se termine dans {days} jour',
      other: 'Votre abonnement se termine dans {days} jours',
    },
    expiryText:
      "L'abonnement {plan} de {tenant} se termine le {date}. Renouvelez-le pour continuer le suivi sans interruption.",
    overdueSubject: 'La facture {number} est en retard',
    overdueText: "La facture {number} de {tenant}, {amount}, était due le {date} et n'est pas encore payée.",
    devicesSubject: '{tenant} utilise {active} de ses {limit} appareils',
    devicesText:
      '{tenant} a {active} appareils actifs ; son offre {plan} en permet {limit}. Changez d’offre avant d’en ajouter.',
  },
  pdf: {
    title: 'Facture {number}',
    billedTo: 'Facturé à',
    plan: 'Offre',
    period: 'Période : du {start} au {end} (exclu)',
    issued: 'Émise le',
    due: 'Échéance',
    status: 'Statut',
    paidOn: 'le {date}',
    vatId: 'N° TVA',
    columns: ['Description', 'Quantité', 'Prix unitaire', 'Montant'],
    total: 'Total',
    statuses: { DRAFT: 'Brouillon', ISSUED: 'Émise', PAID: 'Payée', OVERDUE: 'En retard', VOID: 'Annulée' },
  },
};
