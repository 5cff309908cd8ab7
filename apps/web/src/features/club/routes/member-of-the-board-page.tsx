import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

interface BoardMember {
  name: string;
  role: string;
  since: number;
  tasks: string;
}

const board: readonly BoardMember[] = [
  {
    name: 'Marco Keller',
    role: 'Präsident',
    since: 2016,
    tasks: 'Leitet den Vorstand und die Generalversammlung, vertritt den Verein gegenüber Club, Fanarbeit und anderen Fanclubs.',
  },
  {
    name: 'Sandra Frei',
    role: 'Vizepräsidentin und Aktuarin',
    since: 2018,
    tasks: 'Führt die Protokolle, betreut die Mitgliedschaftsanträge und vertritt den Präsidenten.',
  },
  {
    name: 'Reto Baumann',
    role: 'Kassier',
    since: 2014,
    tasks: 'Verantwortlich für Buchhaltung, Mitgliederbeiträge, Parkkarten und alle Rechnungen des Vereins.',
  },
  {
    name: 'Nadine Huber',
    role: 'Tickets',
    since: 2019,
    tasks: 'Verwaltet das Ticketkontingent im Stadion, bestätigt Reservationen und sorgt für den Versand der Tickets.',
  },
  {
    name: 'Luca Meier',
    role: 'Fan Car und Reisen',
    since: 2021,
    tasks: 'Plant die Carfahrten an Auswärtsspiele und ist an Bord die Ansprechperson für alle Mitreisenden.',
  },
  {
    name: 'Claudia Brunner',
    role: 'Veranstaltungen',
    since: 2022,
    tasks: 'Organisiert Stammtische, Chlausabend, Saisonabschluss und das Grillfest vor dem ersten Heimspiel.',
  },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('');
}

export default function MemberOfTheBoardPage() {
  return (
    <>
      <PageHeader
        title="Vorstand"
        intro="Sechs Mitglieder führen den Verein ehrenamtlich. Die Generalversammlung wählt den Vorstand jeweils für zwei Jahre."
      />
      <ul className="row g-4 list-unstyled">
        {board.map((member) => (
          <li key={member.name} className="col-sm-6 col-lg-4">
            <article className="card h-100 shadow-sm feature-card">
              <div className="card-body">
                <div className="d-flex align-items-center gap-3 mb-3">
                  <span className="board-initials" aria-hidden="true">
                    {initials(member.name)}
                  </span>
                  <div>
                    <h2 className="h5 mb-0">{member.name}</h2>
                    <p className="mb-0 text-body-secondary">{member.role}</p>
                  </div>
                </div>
                <p className="card-text">{member.tasks}</p>
                <p className="card-text small text-body-secondary">Im Vorstand seit {member.since}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <p className="mt-2">
        Fragen an den Vorstand oder an eine einzelne Person? Schreiben Sie uns über das{' '}
        <Link to={paths.contact.href()}>Kontaktformular</Link> – wir antworten in der Regel innert weniger Tage.
      </p>
    </>
  );
}
