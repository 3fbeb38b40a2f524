import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  institutionPeopleRoutes as routes,
  ok,
  ROUTES,
  type AddPersonBody,
  type EditPersonBody,
  type PeoplePage,
  type Person,
} from '@rollbook/contract';
import { findOpenDialog } from '../../testing/dialogs';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { buildPerson, CE as ce, IT as it_, peopleOptions } from './people-fixtures';

setupMswServer();

const OPTIONS = peopleOptions([
  { slug: 'ce-5', no: 5, academic_year: '2026-27' },
  { slug: 'ce-7', no: 7, academic_year: '2026-27' },
]);

const riya = buildPerson();

const chirag: Person = {
  ...riya,
  slug: 'chirag',
  role: 'teacher',
  name: 'Chirag Thakkar',
  email: 'chirag@example.test',
  invited_at: '2026-10-01T04:30:00.000Z',
  last_login_at: '2026-10-02T04:30:00.000Z',
  teacher_code: 'CST',
  enrollment: null,
  branches: [it_, ce],
  stream: null,
  semester: null,
};

const aman: Person = {
  ...riya,
  slug: 'aman',
  name: 'Aman Shah',
  email: 'aman@example.test',
  is_active: false,
};

function pageOf(people: Person[], extra: Partial<PeoplePage> = {}): PeoplePage {
  return { people, page: 1, page_size: 25, total: people.length, not_signed_in: 1, ...extra };
}

/** Serves the list (recording every query string) and the options. */
function serve(answer: (url: URL) => PeoplePage = () => pageOf([riya, chirag, aman])) {
  const queries: URLSearchParams[] = [];
  server.use(
    onCall(routes.list, ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.searchParams);
      return ok(answer(url));
    }),
    onCall(routes.options, () => ok(OPTIONS)),
  );
  return queries;
}

function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

async function openPage() {
  const view = renderApp(ROUTES.adminPeople, { role: 'admin' });
  await screen.findByRole('table', { name: 'People' });
  return view;
}

describe('PeoplePage', () => {
  it('lists people with their role, code, placement and account state', async () => {
    serve();
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Role', 'Enrolment or code', 'Branch and semester', 'Account', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Riya Patelriya@example.test',
      'Chirag Thakkarchirag@example.test',
      'Aman Shahaman@example.test',
    ]);
    expect(cellsOf(rows[0]!).slice(0, 4)).toEqual([
      'student',
      '230280107001',
      'Computer Engineering, semester 5',
      'Not invited yet',
    ]);
    expect(cellsOf(rows[1]!).slice(0, 4)).toEqual([
      'teacher',
      'CST',
      'Information Technology, Computer Engineering',
      'Signed in',
    ]);
    expect(cellsOf(rows[2]!)[3]).toBe('Deactivated');
    // Actions name whom they act on; only people who never signed in can be invited.
    expect(
      within(rows[0]!).getByRole('button', { name: 'Send invitation to Riya Patel' }),
    ).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /invitation/ })).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Reactivate Aman Shah' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of people' })).toHaveTextContent(
      'Page 1 of 1 · 3 people',
    );
  });

  it('searches, filters and pages through the server', async () => {
    const queries = serve((url) =>
      pageOf([riya], { total: 60, page: Number(url.searchParams.get('page') ?? 1) }),
    );
    const { user } = await openPage();
    expect(queries.at(-1)?.toString()).toBe('page=1');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'riya');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe('q=riya&page=1'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'student');
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe('q=riya&role=student&page=1'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'not_signed_in');
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('not_signed_in'));

    expect(await screen.findByText(/Page 1 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    expect(await screen.findByText(/Page 2 of 3/)).toBeInTheDocument();
  });

  it('adds a student with an invitation, sending exactly the form', async () => {
    serve();
    let sent: AddPersonBody | undefined;
    server.use(
      onCall(routes.add, async ({ request }) => {
        sent = (await request.json()) as AddPersonBody;
        return ok({
          person: { ...riya, slug: 'nisha', name: 'Nisha Desai' },
          invitation: { sent: 1, failed: 0 },
        });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await findOpenDialog('Add a person');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('student');
    await user.type(within(dialog).getByLabelText('Name'), 'Nisha Desai');
    await user.type(within(dialog).getByLabelText('Email'), 'nisha@example.test');
    await user.type(within(dialog).getByLabelText('Enrolment number'), '240280107042');
    // The caller's only branch is chosen already; its semesters are offered.
    expect(within(dialog).getByRole('combobox', { name: 'Branch' })).toHaveValue('ce');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Semester' }),
      'BE 07 · Semester 7 (2026-27)',
    );
    expect(within(dialog).getByRole('checkbox', { name: /Send an invitation e-mail now/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));

    expect(
      await screen.findByText('Nisha Desai was added and invited.', { selector: '[role="status"]' }),
    ).toBeVisible();
    expect(sent).toEqual({
      role: 'student',
      name: 'Nisha Desai',
      email: 'nisha@example.test',
      enrollment: '240280107042',
      branch_slug: 'ce',
      semester_slug: 'ce-7',
      send_invitation: true,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a teacher with their branches', async () => {
    serve();
    let sent: AddPersonBody | undefined;
    server.use(
      onCall(routes.add, async ({ request }) => {
        sent = (await request.json()) as AddPersonBody;
        return ok({ person: chirag, invitation: null });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await findOpenDialog('Add a person');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'teacher');
    await user.type(within(dialog).getByLabelText('Name'), 'Harsh Vyas');
    await user.type(within(dialog).getByLabelText('Email'), 'harsh@example.test');
    await user.type(within(dialog).getByLabelText('Teacher code'), 'HKV');
    const branches = within(dialog).getByRole('group', { name: 'Branches taught in' });
    expect(within(branches).getByRole('checkbox', { name: 'Computer Engineering (07)' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /Send an invitation/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    await screen.findByText('Chirag Thakkar was added.', { selector: '[role="status"]' });
    expect(sent).toEqual({
      role: 'teacher',
      name: 'Harsh Vyas',
      email: 'harsh@example.test',
      teacher_code: 'HKV',
      branch_slugs: ['ce'],
      send_invitation: false,
    });
  });

  it('shows problems under the fields before sending, and the server’s refusal in the dialog', async () => {
    serve();
    let calls = 0;
    server.use(
      onCall(routes.add, () => {
        calls += 1;
        return errorReply(409, 'This email address is already in use', 'conflict');
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await findOpenDialog('Add a person');
    await user.type(within(dialog).getByLabelText('Email'), '=cmd@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(
      'An email address must not start with =, +, - or @',
    );
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('name must not be empty');
    expect(within(dialog).getByLabelText('Enrolment number')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Nisha Desai');
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'riya@example.test');
    await user.type(within(dialog).getByLabelText('Enrolment number'), '240280107042');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This email address is already in use',
    );
    expect(calls).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Add a person' })).toBeInTheDocument();
  });

  it('edits a person, sending only what changed', async () => {
    serve();
    let sent: EditPersonBody | undefined;
    server.use(
      onCall(
        routes.edit,
        async ({ request }) => {
          sent = (await request.json()) as EditPersonBody;
          return ok({ ...riya, name: 'Riya K. Patel' });
        },
        { params: { person_slug: 'riya' } },
      ),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit Riya Patel' }));
    const dialog = await findOpenDialog('Edit Riya Patel');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('riya@example.test');
    expect(within(dialog).getByRole('combobox', { name: 'Semester' })).toHaveValue('ce-5');
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Riya K. Patel');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Semester' }), 'ce-7');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Changes to Riya K. Patel were saved.', { selector: '[role="status"]' });
    expect(sent).toEqual({ name: 'Riya K. Patel', semester_slug: 'ce-7' });
  });

  it("keeps a teacher's branches outside the admin's and says so", async () => {
    serve();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit Chirag Thakkar' }));
    const dialog = await findOpenDialog('Edit Chirag Thakkar');
    expect(within(dialog).getByLabelText('Teacher code')).toHaveValue('CST');
    expect(within(dialog).getByText(/Also teaches in Information Technology/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing was changed.', { selector: '[role="status"]' })).toBeVisible();
  });

  it('asks before deactivating, and does nothing when cancelled', async () => {
    serve();
    const slugs: string[] = [];
    server.use(
      onCall(routes.deactivate, ({ params }) => {
        slugs.push(String(params.person_slug));
        return ok({ ...riya, is_active: false });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Deactivate Riya Patel' }));
    let dialog = await findOpenDialog('Deactivate this person?');
    expect(dialog).toHaveTextContent(
      'Riya Patel will be signed out everywhere and cannot sign in until reactivated.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(slugs).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate Riya Patel' }));
    dialog = await findOpenDialog('Deactivate this person?');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await screen.findByText('Riya Patel was deactivated.', { selector: '[role="status"]' });
    expect(slugs).toEqual(['riya']);
  });

  it('reactivates and sends one invitation', async () => {
    serve();
    server.use(
      onCall(routes.reactivate, () => ok({ ...aman, is_active: true })),
      onCall(routes.invite, () => ok({ ...riya, invited_at: '2026-11-02T03:30:00.000Z' })),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Reactivate Aman Shah' }));
    await screen.findByText('Aman Shah was reactivated.', { selector: '[role="status"]' });
    await user.click(screen.getByRole('button', { name: 'Send invitation to Riya Patel' }));
    await screen.findByText('An invitation was sent to Riya Patel.', { selector: '[role="status"]' });
  });

  it('shows a refused row action instead of claiming success', async () => {
    serve();
    server.use(
      onCall(routes.invite, () =>
        errorReply(503, 'The invitation e-mail could not be sent. Please try again later'),
      ),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Send invitation to Riya Patel' }));
    expect(
      await screen.findByText('The invitation e-mail could not be sent. Please try again later'),
    ).toBeVisible();
    expect(screen.getByRole('status', { hidden: false })).not.toHaveTextContent(/invitation was sent/);
  });

  it('invites everyone who has not signed in after asking, and reports how many were sent', async () => {
    serve(() => pageOf([riya], { not_signed_in: 12 }));
    let calls = 0;
    server.use(
      onCall(routes.inviteNotSignedIn, () => {
        calls += 1;
        return ok({ sent: 11, failed: 1 });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Invite everyone who has not signed in (12)' }));
    const dialog = await findOpenDialog('Invite everyone who has not signed in?');
    expect(dialog).toHaveTextContent('Each of the 12 people of your branches who never signed in');
    expect(calls).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(
      await screen.findByText(
        '11 invitations sent; 1 could not be sent (the mail server refused them). Try again later.',
        {
          selector: '[role="status"]',
        },
      ),
    ).toBeVisible();
    expect(calls).toBe(1);
  });

  it('offers no bulk invitation when everyone has signed in', async () => {
    serve(() => pageOf([chirag], { not_signed_in: 0 }));
    await openPage();
    expect(screen.getByRole('button', { name: 'Invite everyone who has not signed in (0)' })).toBeDisabled();
  });

  it('says so when the list cannot be loaded', async () => {
    server.use(
      onCall(routes.list, () => errorReply(500, 'Something went wrong')),
      onCall(routes.options, () => ok(OPTIONS)),
    );
    renderApp(ROUTES.adminPeople, { role: 'admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
