import { exportDataHref } from '../api/export-data';

/** Swiss data protection law: a member can take home everything the club holds about them. */
export function DataExport() {
  return (
    <section aria-labelledby="export-heading" className="mt-4">
      <h2 id="export-heading" className="h4">
        Meine Daten
      </h2>
      <p>
        Laden Sie alle Daten herunter, die der Verein über Sie gespeichert hat: Personalien, Login, Adressen, Telefonnummern,
        Mitgliedschaften, Ticketreservationen, Anmeldungen, Rechnungen, Zahlungen, Mails an Sie und die Änderungen an Ihrem Konto (Datei im
        JSON-Format).
      </p>
      <a href={exportDataHref} download className="btn btn-outline-primary">
        Meine Daten herunterladen
      </a>
    </section>
  );
}
