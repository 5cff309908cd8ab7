import type { ReportFormat, ReportType, SeasonOption } from '@club/contract';

export interface ReportInfo {
  type: ReportType;
  title: string;
  description: string;
  /** As the server names the file: `Mitglieder` → `Mitglieder-2027-28.xlsx`. */
  fileBase: string;
}

/** The season reports, in the order the screen lists them. */
export const reports: readonly ReportInfo[] = [
  {
    type: 'members',
    title: 'Mitgliederliste',
    description:
      'Alle Mitglieder mit Mitgliedschaft in der Saison: Adresse, E-Mail, Telefon, Geburtsdatum, Mitglied seit, Parkkarte und Vorstand.',
    fileBase: 'Mitglieder',
  },
  {
    type: 'membershipfees',
    title: 'Mitgliederbeiträge',
    description: 'Die Beitragsrechnungen der Saison mit Betrag, Status, Zahlungseingang und offenem Betrag; mit Summen.',
    fileBase: 'Mitgliederbeiträge',
  },
  {
    type: 'parkingfees',
    title: 'Parkkarten',
    description: 'Die Rechnungen für Parkplätze der Saison mit Betrag, Status, Zahlungseingang und offenem Betrag; mit Summen.',
    fileBase: 'Parkkarten',
  },
  {
    type: 'ticketreservations',
    title: 'Ticketreservationen',
    description:
      'Pro Spielegruppe und Spiel: wer wie viele Tickets reserviert hat, Zustellung und Adresse, Betrag; mit Zwischensumme pro Spiel.',
    fileBase: 'Ticketreservationen',
  },
  {
    type: 'eventsubscriptions',
    title: 'Anmeldungen zu Veranstaltungen',
    description: 'Pro Veranstaltung der Saison: Angemeldete und Warteliste mit Anmeldezeitpunkt und geschuldetem Betrag.',
    fileBase: 'Anmeldungen',
  },
  {
    type: 'ticketfees',
    title: 'Ticketrechnungen',
    description:
      'Pro Mitglied die Rechnungen für Tickets und Veranstaltungen der Saison: verrechnet, bezahlt und offen; mit Summen wie in der Rechnungsübersicht.',
    fileBase: 'Ticketrechnungen',
  },
  {
    type: 'payments',
    title: 'Zahlungen',
    description:
      'Jede Zahlung auf Rechnungen der Saison nach Datum: aus der Bankdatei oder von Hand erfasst mit Zahlungsart (Bank, Bar, TWINT, Karte) und Bemerkung; mit Summe.',
    fileBase: 'Zahlungen',
  },
];

export const formatLabels: Record<ReportFormat, string> = { xlsx: 'Excel', pdf: 'PDF' };

export function reportFileName(report: ReportInfo, season: SeasonOption, format: ReportFormat): string {
  return `${report.fileBase}-${season.name.replaceAll('/', '-')}.${format}`;
}

/** The season covering today (`YYYY-MM-DD`), else the newest one. */
export function currentSeason(seasons: readonly SeasonOption[], today: string): SeasonOption | undefined {
  return seasons.find((s) => s.validFrom <= today && today <= s.validTo) ?? seasons[0];
}
