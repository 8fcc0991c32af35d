import type { Language } from '../../notifications/templates/texts';

/** The words of the pet report PDF, in the three bundled languages. `{name}`-style slots are filled by fill(). */
export interface PetPdfTexts {
  locale: string;
  title: string;
  period: string;
  profile: string;
  species: Record<'dog' | 'cat' | 'other', string>;
  breed: string;
  weight: string;
  born: string;
  goals: string;
  notSet: string;
  wellness: string;
  wellnessWaiting: string;
  score: string;
  status: Record<'good' | 'watch' | 'concern', string>;
  metrics: Record<'activeMinutes' | 'steps' | 'sleep' | 'restingHeartRate', string>;
  recent: string;
  baseline: string;
  change: string;
  activity: string;
  weekTrend: string;
  columns: [string, string, string, string, string, string, string];
  places: string;
  noPlaces: string;
  placeLine: string;
  generated: string;
}

const en: PetPdfTexts = {
  locale: 'en',
  title: 'Pet health report: {name}',
  period: 'Period: {from} to {to} ({tz})',
  profile: 'Profile',
  species: { dog: 'Dog', cat: 'Cat', other: 'Other' },
  breed: 'Breed',
  weight: 'Weight',
  born: 'Born',
  goals: 'Daily goals: {minutes} active minutes, {steps} steps',
  notSet: 'not set',
  wellness: 'Wellness',
  wellnessWaiting: 'The wellness score needs {required} days of data ({days} so far).',
  score: 'Score: {score}/100 ({status}), last 7 days against {baseline} earlier days',
  status: { good: 'as usual', watch: 'worth watching', concern: 'talk to your vet' },
  metrics: {
    activeMinutes: 'Active minutes',
    steps: 'Steps',
    sleep: 'Sleep (min)',
    restingHeartRate: 'Resting heart rate',
  },
  recent: 'Last 7 days',
  baseline: 'Baseline',
  change: 'Change',
  activity: 'Activity and sleep per day',
  weekTrend: 'Week over week: active minutes {active}, steps {steps}, sleep {sleep}',
  columns: ['Day', 'Steps', 'Active min', 'Rest min', 'Night sleep', 'Naps', 'Heart rate'],
  places: 'Visited places',
  noPlaces: 'No place where the pet stayed 10 minutes or more.',
  placeLine: '{lat}, {lon}: {minutes} min over {visits} visits',
  generated: 'Generated {at}',
};

const fr: PetPdfTexts = {
  locale: 'fr',
  title: 'Bilan de santé de l’animal : {name}',
  period: 'Période : du {from} au {to} ({tz})',
  profile: 'Profil',
  species: { dog: 'Chien', cat: 'Chat', other: 'Autre' },
  breed: 'Race',
  weight: 'Poids',
  born: 'Né le',
  goals: 'Objectifs quotidiens : {minutes} minutes actives, {steps} pas',
  notSet: 'non renseigné',
  wellness: 'Bien-être',
  wellnessWaiting: 'Le score de bien-être demande {required} jours de données ({days} pour l’instant).',
  score: 'Score : {score}/100 ({status}), 7 derniers jours comparés à {baseline} jours précédents',
  status: { good: 'comme d’habitude', watch: 'à surveiller', concern: 'parlez-en au vétérinaire' },
  metrics: {
    activeMinutes: 'Minutes actives',
    steps: 'Pas',
    sleep: 'Sommeil (min)',
    restingHeartRate: 'Fréquence cardiaque au repos',
  },
  recent: '7 derniers jours',
  baseline: 'Référence',
  change: 'Écart',
  activity: 'Activité et sommeil par jour',
  weekTrend: 'Semaine sur semaine : minutes actives {active}, pas {steps}, sommeil {sleep}',
  columns: ['Jour', 'Pas', 'Min actives', 'Min repos', 'Nuit', 'Siestes', 'Cœur'],
  places: 'Lieux fréquentés',
  noPlaces: 'Aucun lieu où l’animal est resté 10 minutes ou plus.',
  placeLine: '{lat}, {lon} : {minutes} min en {visits} visites',
  generated: 'Généré le {at}',
};

const el: PetPdfTexts = {
  locale: 'el',
  title: 'Αναφορά υγείας κατοικιδίου: {name}',
  period: 'Περίοδος: {from} έως {to} ({tz})',
  profile: 'Προφίλ',
  species: { dog: 'Σκύλος', cat: 'Γάτα', other: 'Άλλο' },
  breed: 'Ράτσα',
  weight: 'Βάρος',
  born: 'Γέννηση',
  goals: 'Ημερήσιοι στόχοι: {minutes} λεπτά δραστηριότητας, {steps} βήματα',
  notSet: 'δεν έχει οριστεί',
  wellness: 'Ευεξία',
  wellnessWaiting: 'Ο δείκτης ευεξίας χρειάζεται {required} ημέρες δεδομένων (μέχρι τώρα {days}).',
  score: 'Δείκτης: {score}/100 ({status}), τελευταίες 7 ημέρες έναντι {baseline} προηγούμενων',
  status: { good: 'όπως συνήθως', watch: 'αξίζει προσοχή', concern: 'μιλήστε με τον κτηνίατρο' },
  metrics: {
    activeMinutes: 'Λεπτά δραστηριότητας',
    steps: 'Βήματα',
    sleep: 'Ύπνος (λεπτά)',
    restingHeartRate: 'Παλμοί σε ηρεμία',
  },
  recent: 'Τελευταίες 7 ημέρες',
  baseline: 'Βάση',
  change: 'Μεταβολή',
  activity: 'Δραστηριότητα και ύπνος ανά ημέρα',
  weekTrend: 'Εβδομάδα προς εβδομάδα: λεπτά δραστηριότητας {active}, βήματα {steps}, ύπνος {sleep}',
  columns: ['Ημέρα', 'Βήματα', 'Λεπτά δρ.', 'Ξεκούραση', 'Νύχτα', 'Μεσημέρι', 'Παλμοί'],
  places: 'Μέρη που επισκέφθηκε',
  noPlaces: 'Κανένα μέρος όπου έμεινε 10 λεπτά ή περισσότερο.',
  placeLine: '{lat}, {lon}: {minutes} λεπτά σε {visits} επισκέψεις',
  generated: 'Δημιουργήθηκε {at}',
};

const PACKS: Record<Language, PetPdfTexts> = { en, fr, el };

export const petPdfTexts = (language: Language): PetPdfTexts => PACKS[language];

/** The text with each `{key}` replaced by its value. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}
