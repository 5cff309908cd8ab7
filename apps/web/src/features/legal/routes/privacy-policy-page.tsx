import { Link } from 'react-router-dom';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import { useScrollToHash } from '@/hooks/use-scroll-to-hash';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/lib/site';

export default function PrivacyPolicyPage() {
  useScrollToHash();
  const { clubName, clubAddress } = useSiteInfo();
  return (
    <div className="prose">
      <PageHeader
        title="Datenschutzerklärung"
        intro="Welche Personendaten wir bearbeiten, wozu, wo sie liegen und welche Rechte Sie haben – nach dem Schweizer Datenschutzgesetz (DSG)."
      />

      <h2>1. Verantwortlich</h2>
      <p>
        Verantwortlich für die Bearbeitung Ihrer Personendaten ist der {clubName}
        {clubAddress ? `, ${clubAddress}` : ''}. Fragen zum Datenschutz richten Sie an den Vorstand, am einfachsten über das{' '}
        <Link to={paths.contact.href()}>Kontaktformular</Link> (Empfänger «Vorstand») oder per Post an die Vereinsadresse.
      </p>

      <h2>2. Welche Daten wir bearbeiten</h2>
      <ul>
        <li>
          <strong>Mitgliederdaten:</strong> Name, Vorname, Geburtsdatum, Wohnadresse (auch frühere Adressen mit ihrer Gültigkeit),
          E-Mail-Adresse, Telefonnummern, Mitgliedernummer, Mitgliedschaften pro Saison und Funktionen im Verein.
        </li>
        <li>
          <strong>Login:</strong> Benutzername und Passwort. Das Passwort speichern wir nur als kryptografischen Hashwert, nie im Klartext.
        </li>
        <li>
          <strong>Tickets und Veranstaltungen:</strong> Ticketreservationen (Spiel, Anzahl, Zustellart, Lieferadresse, Preis) und
          Anmeldungen zu Veranstaltungen und Fan-Car-Fahrten.
        </li>
        <li>
          <strong>Rechnungen:</strong> Rechnungsnummer, Positionen, Beträge, Fälligkeit und Zahlungsstatus.
        </li>
        <li>
          <strong>Mitgliedschaftsanträge:</strong> die Angaben, die Sie im Antragsformular machen.
        </li>
        <li>
          <strong>Kontaktformular:</strong> Ihre E-Mail-Adresse, der gewählte Empfänger und Ihre Nachricht.
        </li>
        <li>
          <strong>Technische Daten:</strong> Beim Besuch der Website speichert der Server IP-Adresse, Zeitpunkt, aufgerufene Adresse und
          Browsertyp in Protokolldateien.
        </li>
      </ul>

      <h2>3. Wozu wir die Daten brauchen</h2>
      <p>Wir bearbeiten Ihre Daten nur für die Zwecke des Vereins:</p>
      <ul>
        <li>Mitgliederverwaltung, Einladungen zur Generalversammlung und Versand des Newsletters an Mitglieder,</li>
        <li>Vergabe und Zustellung von Tickets aus dem Vereinskontingent,</li>
        <li>Organisation von Veranstaltungen und Fan-Car-Fahrten,</li>
        <li>Rechnungsstellung und Buchhaltung,</li>
        <li>Beantwortung Ihrer Anfragen,</li>
        <li>Betrieb und Sicherheit der Website, etwa zum Schutz vor Missbrauch des Logins.</li>
      </ul>
      <p>Wir verkaufen keine Daten und nutzen sie nicht für Werbung Dritter.</p>

      <h2>4. Cookies und Analyse</h2>
      <p>
        Die Website setzt nur ein technisch notwendiges Sitzungs-Cookie, damit Sie nach dem Login angemeldet bleiben. Es wird gelöscht, wenn
        Sie sich abmelden oder die Sitzung abläuft. Wir verwenden keine Analyse-, Tracking- oder Werbedienste und binden keine Inhalte von
        Dritten ein. Links auf andere Websites, etwa auf die Seiten des ZSC, öffnen Angebote mit eigener Datenschutzerklärung.
      </p>

      <h2>5. Wo die Daten gespeichert sind</h2>
      <p>
        Die Daten liegen in einer Datenbank auf Servern eines Hosting-Anbieters in der Schweiz. Die Verbindung zur Website ist verschlüsselt
        (HTTPS). Zugriff haben nur Vorstandsmitglieder, und nur auf die Daten, die sie für ihre Aufgabe im Verein brauchen; jede Änderung
        durch den Vorstand wird protokolliert.
      </p>

      <h2>6. Weitergabe</h2>
      <p>Wir geben Personendaten nur weiter, soweit es für den jeweiligen Zweck nötig ist:</p>
      <ul>
        <li>an den Club bzw. dessen Ticketing, wenn Tickets auf Ihren Namen ausgestellt oder an Sie versandt werden,</li>
        <li>an unseren E-Mail-Anbieter für den Versand von Bestätigungen, Rechnungen und Newslettern,</li>
        <li>an Banken und die Post für die Abwicklung von Zahlungen mit QR-Rechnung,</li>
        <li>an Behörden, wenn wir gesetzlich dazu verpflichtet sind.</li>
      </ul>
      <p>Wir übermitteln keine Personendaten in Länder ohne angemessenen Datenschutz.</p>

      <h2>7. Wie lange wir Daten aufbewahren</h2>
      <ul>
        <li>Mitgliederdaten: während der Mitgliedschaft und bis zwei Jahre nach dem Austritt.</li>
        <li>Rechnungen und Buchungsbelege: zehn Jahre, wie es das Obligationenrecht verlangt.</li>
        <li>Abgelehnte Mitgliedschaftsanträge: sechs Monate.</li>
        <li>Nachrichten aus dem Kontaktformular: zwölf Monate.</li>
        <li>Server-Protokolle: 30 Tage.</li>
      </ul>

      <h2>8. Ihre Rechte</h2>
      <p>Nach dem Datenschutzgesetz haben Sie jederzeit das Recht,</p>
      <ul>
        <li>Auskunft darüber zu verlangen, welche Daten wir über Sie bearbeiten,</li>
        <li>falsche Daten berichtigen zu lassen – Adresse und E-Mail-Adresse können Sie unter «Mein Konto» selbst ändern,</li>
        <li>die Löschung Ihrer Daten zu verlangen, soweit keine gesetzliche Aufbewahrungspflicht entgegensteht,</li>
        <li>
          Ihre Daten in einem gängigen elektronischen Format herauszuverlangen oder an eine andere Stelle übertragen zu lassen
          (Datenherausgabe),
        </li>
        <li>einer Bearbeitung zu widersprechen.</li>
      </ul>
      <p>
        Schreiben Sie uns dazu über das <Link to={paths.contact.href()}>Kontaktformular</Link> oder per Post. Wir antworten innert 30 Tagen
        und kostenlos; um Ihre Daten zu schützen, können wir Sie bitten, Ihre Identität nachzuweisen. Sind Sie mit unserer Antwort nicht
        einverstanden, können Sie sich an den Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) wenden:{' '}
        <ExternalLink href="https://www.edoeb.admin.ch">www.edoeb.admin.ch</ExternalLink>.
      </p>

      <h2>9. Änderungen</h2>
      <p>Wir passen diese Erklärung an, wenn sich unsere Datenbearbeitung ändert. Es gilt die hier veröffentlichte Fassung.</p>
      <p className="text-body-secondary">Stand: November 2026</p>
    </div>
  );
}
