import { useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Pencil, Plus } from 'lucide-react';
import type { InstitutionClassroom, InstitutionClassroomList } from '@rollbook/contract';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { ROUTES } from '../../lib/routes';
import { ClassroomDialog } from './classroom-dialog';
import { useInstitutionClassroomsQuery } from './classrooms-api';
import { distanceText } from './classroom-form-values';

const COLUMNS = [
  'Name',
  'Kind',
  'Latitude, longitude',
  'Radius',
  'Capacity',
  'Branches',
  'From the campus point',
];

/** Six decimals of a degree are about 0.1 m: enough to read, without float noise. */
const degrees = (value: number) => String(Number(value.toFixed(6)));

/** The map-free coordinate check of one room: its distance, flagged when implausibly far. */
function Distance({ room }: { room: InstitutionClassroom }) {
  if (room.distance_m === null) return <span className="text-slate-500">No campus point</span>;
  if (!room.far_from_campus) return <span className="tabular-nums">{distanceText(room.distance_m)}</span>;
  return (
    <span className="inline-flex items-start gap-1 font-medium text-amber-800">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      {distanceText(room.distance_m)} from the campus point: check the coordinates
    </span>
  );
}

function Row({ room, onEdit }: { room: InstitutionClassroom; onEdit?: () => void }) {
  return (
    <tr className={room.far_from_campus ? 'bg-amber-50' : undefined}>
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
        {room.name}
      </th>
      <td className="px-3 py-2">{room.kind === 'lab' ? 'Lab' : 'Classroom'}</td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
        {degrees(room.latitude)}, {degrees(room.longitude)}
      </td>
      <td className="px-3 py-2 tabular-nums">{room.radius_m} m</td>
      <td className="px-3 py-2 tabular-nums">{room.capacity ?? '-'}</td>
      <td className="px-3 py-2">{room.branches.map((b) => b.branch_code).join(', ') || '-'}</td>
      <td className="px-3 py-2">
        <Distance room={room} />
      </td>
      {onEdit ? (
        <td className="px-3 py-2">
          <Button variant="ghost" size="sm" aria-label={`Edit ${room.name}`} onClick={onEdit}>
            <Pencil className="size-4" aria-hidden />
            Edit
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

function CampusNote({ list }: { list: InstitutionClassroomList }) {
  if (!list.campus) {
    return (
      <p
        role="note"
        className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        No campus point is set, so the rooms' coordinates cannot be checked. Set it on{' '}
        <Link to={ROUTES.institutionSettings} className="font-medium underline">
          Institution Settings
        </Link>
        .
      </p>
    );
  }
  const far = list.classrooms.filter((r) => r.far_from_campus).length;
  return (
    <p className="text-sm text-slate-700">
      Each room's distance from the campus point ({list.campus.latitude}, {list.campus.longitude}); rooms
      further than {distanceText(list.far_from_campus_m)} are flagged.
      {far > 0 ? (
        <strong className="text-amber-800">
          {' '}
          {far} room{far === 1 ? '' : 's'} to check.
        </strong>
      ) : null}
    </p>
  );
}

type Editing = { room?: InstitutionClassroom } | null;

/**
 * Classrooms (admin): every classroom and lab of the institution with its geofence, branches and
 * distance from the campus point. Institution admins add and edit rooms; branch admins read.
 */
export function ClassroomsPage({ title }: { title: string }) {
  const list = useInstitutionClassroomsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState<Editing>(null);
  const data = list.data;
  const editable = data?.editable ?? false;

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <PageTitle title={title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {editable ? (
          <Button onClick={() => setEditing({})}>
            <Plus className="size-4" aria-hidden />
            Add classroom
          </Button>
        ) : null}
      </div>
      {list.isLoading ? <Skeleton className="h-64 w-full" /> : null}
      {list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(list.error, 'The classrooms could not be loaded')}
        </p>
      ) : null}
      {data ? (
        <>
          <CampusNote list={data} />
          {!editable ? (
            <p className="text-sm text-slate-600">
              <Badge tone="warning">Read only</Badge> Only an institution admin can add or edit classrooms.
            </p>
          ) : null}
          {data.classrooms.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-slate-600">
              No classrooms yet.{editable ? ' Add the first one.' : ''}
            </p>
          ) : (
            <DataTable
              caption="Classrooms and labs"
              columns={editable ? [...COLUMNS, 'Actions'] : COLUMNS}
              minWidth="min-w-[56rem]"
            >
              {data.classrooms.map((room) => (
                <Row
                  key={room.slug}
                  room={room}
                  {...(editable ? { onEdit: () => setEditing({ room }) } : {})}
                />
              ))}
            </DataTable>
          )}
        </>
      ) : null}
      {editing && data ? (
        <ClassroomDialog
          {...(editing.room ? { room: editing.room } : {})}
          branches={data.branches}
          campus={data.campus}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
