import type { Person } from '@rollbook/contract';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { accountStatus, displayName } from './people-text';

const COLUMNS = ['Name', 'Role', 'Enrolment or code', 'Branch and semester', 'Account', 'Actions'] as const;

export interface PeopleTableProps {
  people: readonly Person[];
  busy: boolean;
  onEdit: (person: Person) => void;
  /** Students only: their division and batches. */
  onPlace: (person: Person) => void;
  onDeactivate: (person: Person) => void;
  onReactivate: (person: Person) => void;
  onInvite: (person: Person) => void;
}

function placement(person: Person): string {
  const branches = person.branches.map((b) => b.branch_name).join(', ') || '-';
  if (person.role === 'teacher' || !person.semester) return branches;
  return `${branches}, semester ${person.semester.no}`;
}

/**
 * The people of one page: each row headed by the person's name (with their email under it), and
 * actions whose accessible names say whom they act on.
 */
export function PeopleTable({
  people,
  busy,
  onEdit,
  onPlace,
  onDeactivate,
  onReactivate,
  onInvite,
}: PeopleTableProps) {
  return (
    <DataTable caption="People" columns={COLUMNS} minWidth="min-w-[56rem]">
      {people.map((person) => {
        const name = displayName(person);
        const status = accountStatus(person);
        return (
          <tr key={person.slug}>
            <th scope="row" className="min-w-48 px-3 py-2 text-left align-top font-medium text-slate-900">
              <span className="block">{name}</span>
              <span className="block font-normal break-all text-slate-600">{person.email}</span>
            </th>
            <td className="px-3 py-2 align-top capitalize">{person.role}</td>
            <td className="px-3 py-2 align-top tabular-nums">
              {person.role === 'teacher' ? person.teacher_code : person.enrollment}
            </td>
            <td className="px-3 py-2 align-top">{placement(person)}</td>
            <td className="px-3 py-2 align-top">
              <Badge tone={status.tone} className="whitespace-nowrap">
                {status.label}
              </Badge>
            </td>
            <td className="px-3 py-2 align-top">
              <div className="flex flex-wrap gap-1">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Edit ${name}`}
                  onClick={() => onEdit(person)}
                >
                  Edit
                </Button>
                {person.role === 'student' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Division and batches of ${name}`}
                    onClick={() => onPlace(person)}
                  >
                    Division and batches
                  </Button>
                ) : null}
                {person.is_active ? (
                  <>
                    {person.last_login_at ? null : (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        aria-label={`${person.invited_at ? 'Re-send invitation' : 'Send invitation'} to ${name}`}
                        onClick={() => onInvite(person)}
                      >
                        {person.invited_at ? 'Re-send invitation' : 'Send invitation'}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Deactivate ${name}`}
                      onClick={() => onDeactivate(person)}
                    >
                      Deactivate
                    </Button>
                  </>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Reactivate ${name}`}
                    onClick={() => onReactivate(person)}
                  >
                    Reactivate
                  </Button>
                )}
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
