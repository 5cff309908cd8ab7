import { PageHeader } from '@/components/ui/page-header';

export default function ContactPage() {
  return <PageHeader title="Kontakt" intro="Schreiben Sie dem Präsidenten, der Ticketverantwortlichen, dem Kassier oder dem ganzen Vorstand." />;
}
