import type { Language } from '../../notifications/templates/texts';

/** The words of the scheduled report and daily summary mails, in each language the notifications speak. */
export interface ScheduledMailTexts {
  /** {description}, {title} (the report type's title), {from}, {to} */
  reportSubject: string;
  reportText: string;
  /** a report asked for by mail from the API (Traccar's /reports/{type}/mail): {title}, {from}, {to} */
  requestedSubject: string;
  requestedText: string;
  /** {day} */
  summarySubject: string;
  summaryIntro: string;
  summaryEmpty: string;
  drivingTime: string;
  total: string;
  optOut: string;
}

const en: ScheduledMailTexts = {
  reportSubject: '{description}: {title}, {from} – {to}',
  reportText: 'Your scheduled report "{description}" ({title}, {from} – {to}) is attached.',
  requestedSubject: '{title}, {from} – {to}',
  requestedText: 'The report you asked for ({title}, {from} – {to}) is attached.',
  summarySubject: 'Daily summary for {day}',
  summaryIntro: 'What your devices did on {day}:',
  summaryEmpty: 'None of your devices moved or reported on {day}.',
  drivingTime: 'Driving time',
  total: 'Total',
  optOut: 'You receive this mail because the daily summary is on in your settings.',
};

const fr: ScheduledMailTexts = {
  reportSubject: '{description} : {title}, {from} – {to}',
  reportText: 'Votre rapport programmé « {description} » ({title}, {from} – {to}) est en pièce jointe.',
  requestedSubject: '{title}, {from} – {to}',
  requestedText: 'Le rapport demandé ({title}, {from} – {to}) est en pièce jointe.',
  summarySubject: 'Résumé quotidien du {day}',
  summaryIntro: 'Ce que vos appareils ont fait le {day} :',
  summaryEmpty: 'Aucun de vos appareils n’a roulé ni émis le {day}.',
  drivingTime: 'Temps de conduite',
  total: 'Total',
  optOut: 'Vous recevez ce message parce que le résumé quotidien est activé dans vos paramètres.',
};

const el: ScheduledMailTexts = {
  reportSubject: '{description}: {title}, {from} – {to}',
  reportText: 'Η προγραμματισμένη αναφορά «{description}» ({title}, {from} – {to}) επισυνάπτεται.',
  requestedSubject: '{title}, {from} – {to}',
  requestedText: 'Η αναφορά που ζητήσατε ({title}, {from} – {to}) επισυνάπτεται.',
  summarySubject: 'Ημερήσια σύνοψη για {day}',
  summaryIntro: 'Τι έκαναν οι συσκευές σας στις {day}:',
  summaryEmpty: 'Καμία από τις συσκευές σας δεν κινήθηκε ούτε ανέφερε στις {day}.',
  drivingTime: 'Χρόνος οδήγησης',
  total: 'Σύνολο',
  optOut: 'Λαμβάνετε αυτό το μήνυμα επειδή η ημερήσια σύνοψη είναι ενεργή στις ρυθμίσεις σας.',
};

const CATALOGUE: Record<Language, ScheduledMailTexts> = { en, fr, el };

export function scheduledMailTexts(language: Language): ScheduledMailTexts {
  return CATALOGUE[language];
}
