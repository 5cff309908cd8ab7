import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';

const prices = [
  { label: 'Mitglieder ab 16 Jahren', amount: 35 },
  { label: 'Mitglieder unter 16 Jahren', amount: 20 },
  { label: 'Gäste (sofern Plätze frei sind)', amount: 50 },
] as const;

export default function FanCarPage() {
  return (
    <div className="prose">
      <PageHeader
        title="Fan Car"
        intro="Gemeinsam an die Auswärtsspiele: Wir fahren mit dem Reisecar hin, feuern das Team an und fahren direkt nach dem Spiel gemeinsam zurück."
      />

      <h2>So funktioniert es</h2>
      <p>
        Der Fan Car fährt an ausgewählte Auswärtsspiele der Qualifikation und an alle Auswärtsspiele in den Playoffs. Der Reisecar bietet 50
        Plätze. Die Fahrten werden jeweils etwa drei Wochen im Voraus in den Veranstaltungen und im Newsletter angekündigt.
      </p>
      <ul>
        <li>
          <strong>Abfahrt:</strong> in Zürich-Altstetten, in der Regel drei Stunden vor Spielbeginn. Treffpunkt und genaue Zeit stehen in
          Ihrer Bestätigung.
        </li>
        <li>
          <strong>Rückfahrt:</strong> rund 30 Minuten nach Spielende, direkt zurück nach Zürich.
        </li>
        <li>
          <strong>Matchtickets</strong> sind im Fahrpreis nicht enthalten. Tickets für den Gästesektor besorgen Sie selbst; für einzelne
          Spiele bietet der Verein auch Tickets unter <Link to={paths.ticket.href()}>Tickets</Link> an.
        </li>
      </ul>

      <h2>Preise pro Fahrt (hin und zurück)</h2>
      <table className="table w-auto">
        <caption className="visually-hidden">Fahrpreise des Fan Car</caption>
        <tbody>
          {prices.map((price) => (
            <tr key={price.label}>
              <th scope="row" className="fw-normal">
                {price.label}
              </th>
              <td className="text-end text-nowrap">{formatMoney(price.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Bezahlt wird beim Einsteigen, bar oder mit TWINT (zahlbar vor Ort): Für den Fan Car erhalten Sie keine Rechnung. Bei den Fahrten
        unter <Link to={paths.events.href()}>Veranstaltungen</Link> steht deshalb «zahlbar vor Ort».
      </p>

      <h2>Anmelden</h2>
      <p>
        Melden Sie sich bei der Fahrt unter <Link to={paths.events.href()}>Veranstaltungen</Link> an, bis zum Anmeldeschluss (in der Regel
        48 Stunden vor der Abfahrt). Gäste ohne Login melden Sie über das <Link to={paths.contact.href()}>Kontaktformular</Link> an
        (Empfänger «Tickets») – mit Spiel, Anzahl Plätzen und den Namen aller Mitreisenden. Die Plätze werden in der Reihenfolge der
        Anmeldungen vergeben; Sie erhalten eine Bestätigung per E-Mail. Eine Abmeldung bis 24 Stunden vor der Abfahrt ist kostenlos, danach
        wird der volle Fahrpreis fällig.
      </p>

      <h2>Regeln an Bord</h2>
      <ul>
        <li>Seien Sie pünktlich: Der Car wartet höchstens zehn Minuten.</li>
        <li>Alkohol nur mit Mass; wer andere belästigt, fährt beim nächsten Mal nicht mit.</li>
        <li>Pyrotechnik ist an Bord und im Stadion verboten.</li>
        <li>Die Anweisungen von Chauffeur und Reiseleitung gelten. Schäden am Car werden den Verursachenden verrechnet.</li>
        <li>Jugendliche unter 16 Jahren reisen in Begleitung einer erwachsenen Person.</li>
      </ul>
    </div>
  );
}
