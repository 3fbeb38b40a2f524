import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import {
  PERSON_ROLES,
  PERSON_STATUSES,
  type AddedPerson,
  type Person,
  type PersonRole,
  type PersonStatus,
} from '@rollbook/contract';
import { readableDay } from '../../components/session-sheet/readable-day';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import {
  useDeactivatePersonMutation,
  useInviteNotSignedInMutation,
  useInvitePersonMutation,
  usePeopleListQuery,
  usePeopleOptionsQuery,
  useReactivatePersonMutation,
  type PeopleListArgs,
} from './people-api';
import { PeopleTable } from './people-table';
import { PersonDialog, type PersonDialogMode } from './person-dialog';
import { PlacementDialog, type PlacedStudent } from './placement-dialog';
import { displayName, invitationReport, PEOPLE_TEXT } from './people-text';

const ROLE_LABELS: Record<PersonRole, string> = { teacher: 'Teachers', student: 'Students' };
const STATUS_LABELS: Record<PersonStatus, string> = {
  active: 'Active',
  inactive: 'Deactivated',
  not_signed_in: 'Never signed in',
};

/**
 * The admin's People page (`/admin/people`): the teachers and students of their branches, searched,
 * filtered and paged; add and edit in a dialog; a student's division and batches in another (asked
 * before it saves); deactivate (asked first), reactivate; invitations one by one or to everyone who
 * has never signed in (asked first, then reported).
 */
export function PeoplePage({ title }: { title: string }) {
  const [typed, setTyped] = useState('');
  const [args, setArgs] = useState<PeopleListArgs>({ q: '', role: '', status: '', page: 1 });
  const list = usePeopleListQuery(args, { refetchOnMountOrArgChange: true });
  const options = usePeopleOptionsQuery();
  const [dialog, setDialog] = useState<PersonDialogMode | null>(null);
  const [toPlace, setToPlace] = useState<Person | null>(null);
  const [toDeactivate, setToDeactivate] = useState<Person | null>(null);
  const [askInviteAll, setAskInviteAll] = useState(false);
  const [report, setReport] = useState('');
  const [deactivate, deactivating] = useDeactivatePersonMutation();
  const [reactivate, reactivating] = useReactivatePersonMutation();
  const [invite, inviting] = useInvitePersonMutation();
  const [inviteAll, invitingAll] = useInviteNotSignedInMutation();
  const busy =
    deactivating.isLoading || reactivating.isLoading || inviting.isLoading || invitingAll.isLoading;

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const notSignedIn = data?.not_signed_in ?? 0;

  const tell = (text: string) => {
    setReport(text);
    toast.success(text);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setArgs((current) => ({ ...current, q: typed, page: 1 }));
  };
  const added = ({ person, invitation }: AddedPerson) => {
    setDialog(null);
    const name = displayName(person);
    if (!invitation) tell(PEOPLE_TEXT.added(name));
    else if (invitation.sent > 0) tell(PEOPLE_TEXT.addedAndInvited(name));
    else {
      setReport(PEOPLE_TEXT.addedNotInvited(name));
      toast.warning(PEOPLE_TEXT.addedNotInvited(name));
    }
  };
  const saved = (person: Person | null) => {
    setDialog(null);
    tell(person ? PEOPLE_TEXT.saved(displayName(person)) : PEOPLE_TEXT.nothingChanged);
  };
  const placed = (person: Person, result: PlacedStudent | null) => {
    setToPlace(null);
    tell(
      result
        ? PEOPLE_TEXT.placed(displayName(person), result.where, readableDay(result.since))
        : PEOPLE_TEXT.nothingChanged,
    );
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <PageTitle title={title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ kind: 'add' })}>Add person</Button>
          <Button
            variant="secondary"
            disabled={busy || notSignedIn === 0}
            onClick={() => setAskInviteAll(true)}
          >
            Invite everyone who has not signed in ({notSignedIn})
          </Button>
        </div>
      </div>

      <form
        role="search"
        aria-label="Find people"
        onSubmit={search}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="min-w-0 flex-1 basis-64">
          <Input
            label="Search"
            type="search"
            placeholder="Name, email, enrolment or code"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <NativeSelect
          label="Role"
          value={args.role}
          placeholder="Everyone"
          options={PERSON_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          onChange={(value) =>
            setArgs((current) => ({
              ...current,
              role: value === 'teacher' || value === 'student' ? value : '',
              page: 1,
            }))
          }
        />
        <NativeSelect
          label="Account"
          value={args.status}
          placeholder="Any"
          options={PERSON_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          onChange={(value) =>
            setArgs((current) => ({
              ...current,
              status: PERSON_STATUSES.find((s) => s === value) ?? '',
              page: 1,
            }))
          }
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>

      <p role="status" className="text-sm text-slate-700">
        {report}
      </p>

      {list.isLoading ? <Skeleton className="h-40 w-full" /> : null}
      {list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(list.error, 'The people could not be loaded')}
        </p>
      ) : null}
      {options.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(options.error, 'Your branches could not be loaded')}
        </p>
      ) : null}
      {data && data.people.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-slate-600">
          {args.q || args.role || args.status ? 'Nobody matches this search.' : 'There is nobody here yet.'}
        </p>
      ) : null}
      {data && data.people.length > 0 ? (
        <>
          <PeopleTable
            people={data.people}
            busy={busy}
            onEdit={(person) => setDialog({ kind: 'edit', person })}
            onPlace={setToPlace}
            onDeactivate={setToDeactivate}
            onReactivate={(person) =>
              void reactivate(person.slug).then((result) => {
                if (!('error' in result)) tell(PEOPLE_TEXT.reactivated(displayName(person)));
              })
            }
            onInvite={(person) =>
              void invite(person.slug).then((result) => {
                if (!('error' in result)) tell(PEOPLE_TEXT.invited(displayName(person)));
              })
            }
          />
          <Pager
            page={data.page}
            pages={pages}
            label="Pages of people"
            count={`${data.total} ${data.total === 1 ? 'person' : 'people'}`}
            onPage={(page) => setArgs((current) => ({ ...current, page }))}
          />
        </>
      ) : null}

      {dialog ? (
        <PersonDialog
          // A fresh form for each person opened.
          key={dialog.kind === 'edit' ? dialog.person.slug : 'add'}
          mode={dialog}
          options={options.data}
          onClose={() => setDialog(null)}
          onAdded={added}
          onSaved={saved}
        />
      ) : null}
      {toPlace ? (
        <PlacementDialog
          key={toPlace.slug}
          person={toPlace}
          onClose={() => setToPlace(null)}
          onPlaced={(result) => placed(toPlace, result)}
        />
      ) : null}
      <ConfirmDialog
        open={toDeactivate !== null}
        onOpenChange={(open) => {
          if (!open) setToDeactivate(null);
        }}
        title="Deactivate this person?"
        question={
          toDeactivate
            ? `${displayName(toDeactivate)} will be signed out everywhere and cannot sign in until reactivated.`
            : ''
        }
        confirmLabel="Deactivate"
        destructive
        onConfirm={() => {
          const person = toDeactivate;
          if (!person) return;
          void deactivate(person.slug).then((result) => {
            if (!('error' in result)) tell(PEOPLE_TEXT.deactivated(displayName(person)));
          });
        }}
      />
      <ConfirmDialog
        open={askInviteAll}
        onOpenChange={setAskInviteAll}
        title="Invite everyone who has not signed in?"
        question={`Each of the ${notSignedIn} ${notSignedIn === 1 ? 'person' : 'people'} of your branches who never signed in gets an e-mail with a new set-password link, valid for 7 days. Links sent earlier stop working.`}
        confirmLabel="Send invitations"
        onConfirm={() =>
          void inviteAll().then((result) => {
            if (!('error' in result)) tell(invitationReport(result.data));
          })
        }
      />
    </section>
  );
}
