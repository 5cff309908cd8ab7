import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { useScrollToHash } from '@/hooks/use-scroll-to-hash';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/lib/site';

export default function StatutenPage() {
  useScrollToHash();
  const { clubName } = useSiteInfo();
  return (
    <div className="prose">
      <PageHeader title="Statuten" intro={`Die Statuten des ${clubName}, Verein im Sinne von Art. 60 ff. ZGB.`} />

      <nav aria-label="Inhalt der Statuten" className="mb-4">
        <ol className="small columns-2">
          <li>
            <a href="#art-1">Name und Sitz</a>
          </li>
          <li>
            <a href="#art-2">Zweck</a>
          </li>
          <li>
            <a href="#art-3">Mitgliedschaft</a>
          </li>
          <li>
            <a href="#art-4">Mitgliederbeitrag</a>
          </li>
          <li>
            <a href="#art-5">Austritt und Ausschluss</a>
          </li>
          <li>
            <a href="#art-6">Organe</a>
          </li>
          <li>
            <a href="#art-7">Generalversammlung</a>
          </li>
          <li>
            <a href="#art-8">Vorstand</a>
          </li>
          <li>
            <a href="#art-9">Revisionsstelle</a>
          </li>
          <li>
            <a href="#art-10">Verhalten</a>
          </li>
          <li>
            <a href="#art-11">Finanzen und Haftung</a>
          </li>
          <li>
            <a href="#art-12">Auflösung</a>
          </li>
          <li>
            <a href="#art-13">Inkrafttreten</a>
          </li>
        </ol>
      </nav>

      <h2 id="art-1">Art. 1 – Name und Sitz</h2>
      <p>
        Unter dem Namen «{clubName}» besteht ein Verein im Sinne von Art. 60 ff. des Schweizerischen Zivilgesetzbuches mit Sitz in Zürich.
        Der Verein ist politisch und konfessionell neutral.
      </p>

      <h2 id="art-2">Art. 2 – Zweck</h2>
      <p>
        Der Verein vereint Anhängerinnen und Anhänger des ZSC und unterstützt die Mannschaft an Heim- und Auswärtsspielen. Er pflegt eine
        lautstarke, faire und friedliche Fankultur. Dazu organisiert er insbesondere:
      </p>
      <ul>
        <li>Carfahrten an Auswärtsspiele (Fan Car),</li>
        <li>die Vergabe von Eintrittskarten aus dem Ticketkontingent des Vereins an seine Mitglieder,</li>
        <li>gesellige Veranstaltungen wie Stammtische, Chlausabend und Saisonabschluss.</li>
      </ul>
      <p>Der Verein verfolgt keinen wirtschaftlichen Zweck und strebt keinen Gewinn an.</p>

      <h2 id="art-3">Art. 3 – Mitgliedschaft</h2>
      <p>
        Mitglied kann jede natürliche Person werden, die den Zweck des Vereins unterstützt. Das Aufnahmegesuch wird über das Online-Formular
        oder schriftlich an den Vorstand gerichtet. Der Vorstand entscheidet über die Aufnahme; er kann ein Gesuch ohne Angabe von Gründen
        ablehnen. Personen unter 18 Jahren brauchen die Zustimmung ihrer gesetzlichen Vertretung.
      </p>

      <h2 id="art-4">Art. 4 – Mitgliederbeitrag</h2>
      <p>
        Das Vereinsjahr entspricht der Eishockeysaison und dauert vom 1. Mai bis zum 30. April. Die Generalversammlung legt den
        Mitgliederbeitrag fest. Er ist innert 30 Tagen nach Rechnungsstellung zu bezahlen. Wer eine Parkkarte des Vereins hat, bezahlt
        zusätzlich die vom Vorstand festgelegte Gebühr für die Parkkarte.
      </p>

      <h2 id="art-5">Art. 5 – Austritt und Ausschluss</h2>
      <p>
        Der Austritt ist jederzeit mit schriftlicher Mitteilung an den Vorstand auf das Ende des Vereinsjahres möglich. Bezahlte Beiträge
        werden nicht zurückerstattet.
      </p>
      <p>
        Der Vorstand kann ein Mitglied ausschliessen, das gegen die Statuten oder die Stadionordnung verstösst, dem Ansehen des Vereins
        schadet oder den Beitrag trotz Mahnung nicht bezahlt. Das Mitglied kann den Ausschluss innert 30 Tagen an die Generalversammlung
        weiterziehen.
      </p>

      <h2 id="art-6">Art. 6 – Organe</h2>
      <p>Die Organe des Vereins sind die Generalversammlung, der Vorstand und die Revisionsstelle.</p>

      <h2 id="art-7">Art. 7 – Generalversammlung</h2>
      <p>
        Die Generalversammlung ist das oberste Organ des Vereins. Die ordentliche Generalversammlung findet jährlich bis Ende Juli statt.
        Der Vorstand lädt mindestens 20 Tage vorher per E-Mail mit der Traktandenliste ein. Anträge von Mitgliedern sind bis 10 Tage vor der
        Versammlung an den Vorstand zu richten.
      </p>
      <p>Die Generalversammlung</p>
      <ul>
        <li>genehmigt das Protokoll der letzten Versammlung, den Jahresbericht und die Jahresrechnung,</li>
        <li>nimmt den Bericht der Revisionsstelle ab und entlastet den Vorstand,</li>
        <li>wählt die Präsidentin oder den Präsidenten, die übrigen Vorstandsmitglieder und die Revisionsstelle,</li>
        <li>legt den Mitgliederbeitrag fest und genehmigt das Budget,</li>
        <li>beschliesst über Statutenänderungen und die Auflösung des Vereins.</li>
      </ul>
      <p>
        Jede ordnungsgemäss einberufene Versammlung ist beschlussfähig. Beschlüsse werden mit dem einfachen Mehr der anwesenden Mitglieder
        gefasst; bei Stimmengleichheit entscheidet die Präsidentin oder der Präsident. Statutenänderungen brauchen zwei Drittel der
        abgegebenen Stimmen. Eine ausserordentliche Generalversammlung findet statt, wenn der Vorstand sie beschliesst oder ein Fünftel der
        Mitglieder sie verlangt.
      </p>

      <h2 id="art-8">Art. 8 – Vorstand</h2>
      <p>
        Der Vorstand besteht aus mindestens drei Mitgliedern und wird für zwei Jahre gewählt; Wiederwahl ist möglich. Ausser dem Präsidium
        konstituiert er sich selbst. Er führt die Geschäfte des Vereins, vertritt ihn nach aussen und entscheidet über alles, was nicht
        einem anderen Organ vorbehalten ist. Der Verein wird durch zwei Vorstandsmitglieder gemeinsam verpflichtet. Der Vorstand arbeitet
        ehrenamtlich; ausgewiesene Spesen werden vergütet.
      </p>

      <h2 id="art-9">Art. 9 – Revisionsstelle</h2>
      <p>
        Die Generalversammlung wählt zwei Revisorinnen oder Revisoren für zwei Jahre. Sie prüfen die Jahresrechnung und erstatten der
        Generalversammlung schriftlich Bericht.
      </p>

      <h2 id="art-10">Art. 10 – Verhalten</h2>
      <p>
        Mitglieder halten sich an die Stadionordnungen und an die Weisungen der Verantwortlichen des Vereins auf Fahrten und an
        Veranstaltungen. Pyrotechnik, Gewalt und diskriminierendes Verhalten haben im Verein keinen Platz. Tickets aus dem Vereinskontingent
        dürfen nicht mit Gewinn weiterverkauft werden.
      </p>

      <h2 id="art-11">Art. 11 – Finanzen und Haftung</h2>
      <p>
        Der Verein finanziert sich aus Mitgliederbeiträgen, Einnahmen aus Veranstaltungen und Fahrten sowie Spenden. Für die
        Verbindlichkeiten des Vereins haftet ausschliesslich das Vereinsvermögen; eine persönliche Haftung der Mitglieder ist
        ausgeschlossen.
      </p>

      <h2 id="art-12">Art. 12 – Auflösung</h2>
      <p>
        Die Auflösung des Vereins beschliesst eine Generalversammlung mit zwei Dritteln der abgegebenen Stimmen. Ein verbleibendes Vermögen
        geht an eine gemeinnützige Organisation, die den Zürcher Eishockeynachwuchs fördert.
      </p>

      <h2 id="art-13">Art. 13 – Inkrafttreten</h2>
      <p>
        Diese Statuten wurden an der Gründungsversammlung vom 14. September 2013 in Zürich angenommen und an der Generalversammlung vom 23.
        Juni 2022 zuletzt geändert. Sie treten sofort in Kraft.
      </p>

      <section id="protokolle" aria-labelledby="protokolle-heading" className="mt-5 p-3 rounded current-marker">
        <h2 id="protokolle-heading" className="mt-0">
          Protokolle der Generalversammlung
        </h2>
        <p className="mb-0">
          Die Protokolle der Generalversammlungen werden nicht öffentlich publiziert. Mitglieder finden sie nach der Anmeldung unter{' '}
          <Link to={paths.documents.href()}>Protokolle GV</Link>.
        </p>
      </section>
    </div>
  );
}
