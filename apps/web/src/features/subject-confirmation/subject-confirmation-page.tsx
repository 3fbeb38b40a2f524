import { Tabs } from '../../components/ui/tabs';
import { PageTitle } from '../../lib/page-title';
import { StudentsTab } from './students-tab';
import { TeachersTab } from './teachers-tab';

/**
 * The admin's subject confirmation (`/subject/subject-selection-confirmation`, product spec §2):
 * Teachers and Students tabs with their filters, tables and spreadsheet downloads.
 */
export function SubjectConfirmationPage({ title }: { title: string }) {
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <Tabs
        label="Confirmation"
        defaultValue="teachers"
        items={[
          { value: 'teachers', label: 'Teachers', content: <TeachersTab /> },
          { value: 'students', label: 'Students', content: <StudentsTab /> },
        ]}
      />
    </section>
  );
}
