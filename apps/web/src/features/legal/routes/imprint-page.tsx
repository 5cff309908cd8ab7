import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/lib/site';

export default function ImprintPage() {
  const { clubName, clubAddress, clubEmail } = useSiteInfo();
  return (
    <div className="prose">
      <PageHeader title="Impressum" intro="Wer hinter dieser Website steht." />

      <h2>Betreiber</h2>
      <p>
        {clubName}
        <br />
        Verein im Sinne von Art. 60 ff. ZGB mit Sitz in Zürich
        {clubAddress ? (
          <>
            <br />
            {clubAddress}
          </>
        ) : null}
      </p>
      <p>Der Verein ist nicht im Handelsregister eingetragen.</p>

      <h2>Vertretungsberechtigt</h2>
      <p>
        Marco Keller, Präsident
        <br />
        Reto Baumann, Kassier
      </p>

      <h2>Kontakt</h2>
      {clubEmail ? (
        <p>
          E-Mail: <a href={`mailto:${clubEmail}`}>{clubEmail}</a>
        </p>
      ) : null}
      <p>
        Am schnellsten erreichen Sie uns über das <Link to={paths.contact.href()}>Kontaktformular</Link>; Ihre Nachricht geht direkt an die
        zuständige Person im <Link to={paths.memberOfTheBoard.href()}>Vorstand</Link>.
      </p>

      <h2>Unabhängigkeit</h2>
      <p>
        Der {clubName} ist ein unabhängiger Fanclub. Er ist rechtlich nicht mit dem ZSC oder der ZSC Lions AG verbunden und spricht nicht in
        deren Namen. Die Team-Abzeichen auf dieser Website sind neutrale, selbst gestaltete Symbole und keine offiziellen Logos.
      </p>

      <h2>Haftung</h2>
      <p>
        Wir stellen die Inhalte dieser Website mit Sorgfalt zusammen, übernehmen aber keine Gewähr für ihre Richtigkeit, Vollständigkeit und
        Aktualität. Spieldaten und Anspielzeiten können sich kurzfristig ändern; massgebend sind die Angaben des Clubs und der Liga. Für die
        Inhalte verlinkter Websites sind ausschliesslich deren Betreiber verantwortlich.
      </p>

      <h2>Urheberrecht</h2>
      <p>
        Texte, Bilder und Grafiken dieser Website gehören dem Verein oder den genannten Berechtigten. Eine Verwendung ausserhalb des
        privaten Gebrauchs braucht die vorherige Zustimmung des Vorstands.
      </p>

      <h2>Datenschutz</h2>
      <p>
        Wie wir mit Personendaten umgehen, steht in der <Link to={paths.privacyPolicy.href()}>Datenschutzerklärung</Link>.
      </p>
    </div>
  );
}
