/** Placeholders: {device} {time} {geofence} {route} {alarm} {speed} {result} {maintenance} {driver} */
export interface EventTexts {
  /** mail subject, and the title of a push */
  subject: string;
  /** one line: sms, push, telegram, and the first line of a mail */
  short: string;
}

export interface LanguagePack {
  events: Record<string, EventTexts>;
  /** for an event type without its own texts */
  fallback: EventTexts;
  labels: { time: string; position: string; speed: string; address: string };
  reminder: { subject: string; body: string };
}

export const LANGUAGES = ['en', 'fr', 'el'] as const;
export type Language = (typeof LANGUAGES)[number];

const en: LanguagePack = {
  events: {
    test: { subject: 'Test notification', short: 'This is a test notification from Waymark' },
    commandResult: { subject: '{device}: command result', short: '{device} answered a command: {result}' },
    deviceOnline: { subject: '{device} is online', short: '{device} came online at {time}' },
    deviceUnknown: { subject: '{device} status is unknown', short: '{device} status became unknown at {time}' },
    deviceOffline: { subject: '{device} is offline', short: '{device} went offline at {time}' },
    deviceInactive: { subject: '{device} is inactive', short: '{device} has sent nothing for a long time ({time})' },
    queuedCommandSent: { subject: '{device}: queued command sent', short: 'A queued command was sent to {device}' },
    deviceMoving: { subject: '{device} is moving', short: '{device} started moving at {time}' },
    deviceStopped: { subject: '{device} has stopped', short: '{device} stopped at {time}' },
    deviceOverspeed: {
      subject: '{device} exceeds the speed limit',
      short: '{device} exceeds the speed limit: {speed} at {time}',
    },
    deviceFuelDrop: { subject: '{device}: fuel drop', short: 'Fuel drop on {device} at {time}' },
    deviceFuelIncrease: { subject: '{device}: fuel increase', short: 'Fuel increase on {device} at {time}' },
    geofenceEnter: { subject: '{device} entered {geofence}', short: '{device} entered {geofence} at {time}' },
    geofenceExit: { subject: '{device} left {geofence}', short: '{device} left {geofence} at {time}' },
    alarm: { subject: '{device}: alarm {alarm}', short: 'Alarm {alarm} on {device} at {time}' },
    ignitionOn: { subject: '{device}: ignition on', short: 'Ignition of {device} turned on at {time}' },
    ignitionOff: { subject: '{device}: ignition off', short: 'Ignition of {device} turned off at {time}' },
    maintenance: { subject: '{device}: maintenance due', short: 'Maintenance {maintenance} is due for {device}' },
    driverChanged: { subject: '{device}: driver changed', short: 'Driver of {device} changed to {driver} at {time}' },
    media: { subject: '{device}: new media', short: '{device} sent a media file at {time}' },
    temperatureDrop: { subject: '{device}: temperature drop', short: 'Temperature drop on {device} at {time}' },
    temperatureIncrease: { subject: '{device}: temperature rise', short: 'Temperature rise on {device} at {time}' },
    routeExit: { subject: '{device} left route {route}', short: '{device} left its route {route} at {time}' },
    routeEnter: {
      subject: '{device} is back on route {route}',
      short: '{device} came back on its route {route} at {time}',
    },
  },
  fallback: { subject: '{device}: event', short: 'Event on {device} at {time}' },
  labels: { time: 'Time', position: 'Position', speed: 'Speed', address: 'Address' },
  reminder: {
    subject: 'Reminder: {item} expires on {expiry}',
    body: 'This is a reminder that "{item}" expires on {expiry}.\n\n{remarks}',
  },
};

const fr: LanguagePack = {
  events: {
    test: { subject: 'Notification de test', short: 'Ceci est une notification de test de Waymark' },
    commandResult: {
      subject: '{device} : résultat de commande',
      short: '{device} a répondu à une commande : {result}',
    },
    deviceOnline: { subject: '{device} est en ligne', short: '{device} est en ligne depuis {time}' },
    deviceUnknown: { subject: "L'état de {device} est inconnu", short: "L'état de {device} est inconnu depuis {time}" },
    deviceOffline: { subject: '{device} est hors ligne', short: '{device} est hors ligne depuis {time}' },
    deviceInactive: { subject: '{device} est inactif', short: "{device} n'envoie plus rien depuis longtemps ({time})" },
    queuedCommandSent: {
      subject: '{device} : commande en attente envoyée',
      short: 'Une commande en attente a été envoyée à {device}',
    },
    deviceMoving: { subject: '{device} est en mouvement', short: '{device} a démarré à {time}' },
    deviceStopped: { subject: "{device} s'est arrêté", short: "{device} s'est arrêté à {time}" },
    deviceOverspeed: {
      subject: '{device} dépasse la limite de vitesse',
      short: '{device} dépasse la limite de vitesse : {speed} à {time}',
    },
    deviceFuelDrop: { subject: '{device} : baisse de carburant', short: 'Baisse de carburant sur {device} à {time}' },
    deviceFuelIncrease: {
      subject: '{device} : hausse de carburant',
      short: 'Hausse de carburant sur {device} à {time}',
    },
    geofenceEnter: {
      subject: '{device} est entré dans {geofence}',
      short: '{device} est entré dans {geofence} à {time}',
    },
    geofenceExit: { subject: '{device} a quitté {geofence}', short: '{device} a quitté {geofence} à {time}' },
    alarm: { subject: '{device} : alarme {alarm}', short: 'Alarme {alarm} sur {device} à {time}' },
    ignitionOn: { subject: '{device} : contact mis', short: 'Contact de {device} mis à {time}' },
    ignitionOff: { subject: '{device} : contact coupé', short: 'Contact de {device} coupé à {time}' },
    maintenance: {
      subject: '{device} : entretien à faire',
      short: "L'entretien {maintenance} est à faire pour {device}",
    },
    driverChanged: {
      subject: '{device} : changement de conducteur',
      short: 'Nouveau conducteur de {device} : {driver} à {time}',
    },
    media: { subject: '{device} : nouveau média', short: '{device} a envoyé un fichier média à {time}' },
    temperatureDrop: {
      subject: '{device} : baisse de température',
      short: 'Baisse de température sur {device} à {time}',
    },
    temperatureIncrease: {
      subject: '{device} : hausse de température',
      short: 'Hausse de température sur {device} à {time}',
    },
    routeExit: {
      subject: '{device} a quitté l’itinéraire {route}',
      short: '{device} a quitté son itinéraire {route} à {time}',
    },
    routeEnter: {
      subject: '{device} est revenu sur l’itinéraire {route}',
      short: '{device} est revenu sur son itinéraire {route} à {time}',
    },
  },
  fallback: { subject: '{device} : événement', short: 'Événement sur {device} à {time}' },
  labels: { time: 'Heure', position: 'Position', speed: 'Vitesse', address: 'Adresse' },
  reminder: {
    subject: 'Rappel : {item} expire le {expiry}',
    body: 'Ceci est un rappel : « {item} » expire le {expiry}.\n\n{remarks}',
  },
};

const el: LanguagePack = {
  events: {
    test: { subject: 'Δοκιμαστική ειδοποίηση', short: 'Αυτή είναι μια δοκιμαστική ειδοποίηση από το Waymark' },
    commandResult: { subject: '{device}: αποτέλεσμα εντολής', short: 'Το {device} απάντησε σε εντολή: {result}' },
    deviceOnline: { subject: 'Το {device} είναι συνδεδεμένο', short: 'Το {device} συνδέθηκε στις {time}' },
    deviceUnknown: {
      subject: 'Η κατάσταση του {device} είναι άγνωστη',
      short: 'Η κατάσταση του {device} έγινε άγνωστη στις {time}',
    },
    deviceOffline: { subject: 'Το {device} είναι αποσυνδεδεμένο', short: 'Το {device} αποσυνδέθηκε στις {time}' },
    deviceInactive: {
      subject: 'Το {device} είναι ανενεργό',
      short: 'Το {device} δεν έχει στείλει τίποτα εδώ και καιρό ({time})',
    },
    queuedCommandSent: {
      subject: '{device}: στάλθηκε εντολή σε αναμονή',
      short: 'Στάλθηκε εντολή σε αναμονή στο {device}',
    },
    deviceMoving: { subject: 'Το {device} κινείται', short: 'Το {device} ξεκίνησε να κινείται στις {time}' },
    deviceStopped: { subject: 'Το {device} σταμάτησε', short: 'Το {device} σταμάτησε στις {time}' },
    deviceOverspeed: {
      subject: 'Το {device} υπερβαίνει το όριο ταχύτητας',
      short: 'Το {device} υπερβαίνει το όριο ταχύτητας: {speed} στις {time}',
    },
    deviceFuelDrop: { subject: '{device}: πτώση καυσίμου', short: 'Πτώση καυσίμου στο {device} στις {time}' },
    deviceFuelIncrease: { subject: '{device}: αύξηση καυσίμου', short: 'Αύξηση καυσίμου στο {device} στις {time}' },
    geofenceEnter: {
      subject: 'Το {device} μπήκε στη ζώνη {geofence}',
      short: 'Το {device} μπήκε στη ζώνη {geofence} στις {time}',
    },
    geofenceExit: {
      subject: 'Το {device} βγήκε από τη ζώνη {geofence}',
      short: 'Το {device} βγήκε από τη ζώνη {geofence} στις {time}',
    },
    alarm: { subject: '{device}: συναγερμός {alarm}', short: 'Συναγερμός {alarm} στο {device} στις {time}' },
    ignitionOn: { subject: '{device}: ανάφλεξη σε λειτουργία', short: 'Η ανάφλεξη του {device} άναψε στις {time}' },
    ignitionOff: {
      subject: '{device}: ανάφλεξη εκτός λειτουργίας',
      short: 'Η ανάφλεξη του {device} έσβησε στις {time}',
    },
    maintenance: {
      subject: '{device}: απαιτείται συντήρηση',
      short: 'Απαιτείται η συντήρηση {maintenance} για το {device}',
    },
    driverChanged: { subject: '{device}: αλλαγή οδηγού', short: 'Νέος οδηγός του {device}: {driver} στις {time}' },
    media: { subject: '{device}: νέο πολυμέσο', short: 'Το {device} έστειλε αρχείο πολυμέσων στις {time}' },
    temperatureDrop: { subject: '{device}: πτώση θερμοκρασίας', short: 'Πτώση θερμοκρασίας στο {device} στις {time}' },
    temperatureIncrease: {
      subject: '{device}: αύξηση θερμοκρασίας',
      short: 'Αύξηση θερμοκρασίας στο {device} στις {time}',
    },
    routeExit: {
      subject: 'Το {device} βγήκε από τη διαδρομή {route}',
      short: 'Το {device} βγήκε από τη διαδρομή {route} στις {time}',
    },
    routeEnter: {
      subject: 'Το {device} επέστρεψε στη διαδρομή {route}',
      short: 'Το {device} επέστρεψε στη διαδρομή {route} στις {time}',
    },
  },
  fallback: { subject: '{device}: συμβάν', short: 'Συμβάν στο {device} στις {time}' },
  labels: { time: 'Ώρα', position: 'Θέση', speed: 'Ταχύτητα', address: 'Διεύθυνση' },
  reminder: {
    subject: 'Υπενθύμιση: το {item} λήγει στις {expiry}',
    body: 'Υπενθύμιση ότι το «{item}» λήγει στις {expiry}.\n\n{remarks}',
  },
};

export const PACKS: Record<Language, LanguagePack> = { en, fr, el };
