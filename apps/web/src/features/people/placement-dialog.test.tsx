import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  institutionPeopleRoutes as routes,
  ok,
  ROUTES,
  type PlaceStudentBody,
  type Person,
  type StudentPlacement,
} from '@rollbook/contract';
import { findOpenDialog } from '../../testing/dialogs';
import { errorReply, onCall, server, type CallAnswer } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { buildPerson, buildPlacement, peopleOptions } from './people-fixtures';

setupMswServer();

const riya = buildPerson();
const chirag: Person = {
  ...riya,
  slug: 'chirag',
  role: 'teacher',
  name: 'Chirag Thakkar',
  email: 'chirag@example.test',
  teacher_code: 'CST',
  enrollment: null,
  stream: null,
  semester: null,
};

/** Serves the list (counting its loads), the options and Riya's placement. */
function serve(placement: StudentPlacement = buildPlacement()) {
  const loads = { list: 0 };
  server.use(
    onCall(routes.list, () => {
      loads.list += 1;
      return ok({ people: [riya, chirag], page: 1, page_size: 25, total: 2, not_signed_in: 1 });
    }),
    onCall(routes.options, () => ok(peopleOptions([{ slug: 'ce-5', no: 5, academic_year: '2026-27' }]))),
    onCall(routes.placement, () => ok(placement), { params: { person_slug: 'riya' } }),
  );
  return loads;
}

async function openDialog() {
  const view = renderApp(ROUTES.adminPeople, { role: 'admin' });
  await screen.findByRole('table', { name: 'People' });
  await view.user.click(screen.getByRole('button', { name: 'Division and batches of Riya Patel' }));
  const dialog = await findOpenDialog('Division and batches of Riya Patel');
  await within(dialog).findByRole('combobox', { name: 'Division' });
  return { ...view, dialog };
}

/** Moves Riya to division B, lab batch B2, ML2, from 2 Nov 2026. */
async function chooseB(user: Awaited<ReturnType<typeof openDialog>>['user'], dialog: HTMLElement) {
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Division' }), 'B');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Lab batch' }), 'B2');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Elective batch: ML' }), 'ML2');
  const firstDay = within(dialog).getByLabelText('First day');
  await user.clear(firstDay);
  await user.type(firstDay, '2026-11-02');
}

describe('PlacementDialog', () => {
  it('is offered for students only, and shows where the student is now', async () => {
    serve();
    const { dialog } = await openDialog();
    expect(
      screen.queryByRole('button', { name: 'Division and batches of Chirag Thakkar' }),
    ).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Semester 5, BE. Now in division A, batches A1 and ML1, since the start of the term.',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Division' })).toHaveValue('ce-5-a');
    expect(within(dialog).getByRole('combobox', { name: 'Lab batch' })).toHaveValue('ce-5-a1');
    expect(within(dialog).getByRole('combobox', { name: 'Elective batch: ML' })).toHaveValue('ce-5-ml1');
    const cc = within(dialog).getByRole('combobox', { name: 'Elective batch: CC' });
    expect(cc).toHaveValue('');
    expect(within(cc).getByRole('option', { name: 'None' })).toBeInTheDocument();
    const firstDay = within(dialog).getByLabelText('First day');
    expect(firstDay).toHaveValue('2026-11-12');
    expect(firstDay).toHaveAttribute('min', '2026-07-01');
    expect(firstDay).toHaveAttribute('max', '2026-11-12');
    expect(firstDay).toHaveAccessibleDescription(
      /Lectures held before it do not count for or against the student there/,
    );
  });

  it('says when the student is in no division yet, and when they moved', async () => {
    serve(buildPlacement({ division_slug: null, batch_slugs: [] }));
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent('Not placed in a division yet.');
    expect(within(dialog).getByRole('combobox', { name: 'Division' })).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Place student' })).toBeInTheDocument();
  });

  it('names the first day of a move made after the term began', async () => {
    serve(buildPlacement({ division_slug: 'ce-5-b', batch_slugs: ['ce-5-b1'], since: '2026-10-05' }));
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent('Now in division B, batch B1, since Mon, 5 Oct 2026.');
  });

  it('requires a lab batch where the division has them, and a first day within the term', async () => {
    serve();
    let calls = 0;
    server.use(
      onCall(routes.place, () => {
        calls += 1;
        return ok(buildPlacement());
      }),
    );
    const { user, dialog } = await openDialog();
    // Another division: its batch choices start empty.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Division' }), 'B');
    expect(within(dialog).getByRole('combobox', { name: 'Lab batch' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Elective batch: ML' })).toHaveValue('');
    expect(within(dialog).queryByRole('combobox', { name: 'Elective batch: CC' })).toBeNull();
    const firstDay = within(dialog).getByLabelText('First day');
    await user.clear(firstDay);
    await user.type(firstDay, '2026-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Move student' }));

    expect(within(dialog).getByRole('combobox', { name: 'Lab batch' })).toHaveAccessibleDescription(
      'Choose a lab batch: division B has lab batches',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Lab batch' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(firstDay).toHaveAccessibleDescription(
      /The first day cannot be before the semester's first day \(Wed, 1 Jul 2026\)/,
    );
    expect(screen.queryByRole('dialog', { name: 'Move Riya Patel?' })).toBeNull();
    expect(calls).toBe(0);

    // A division without lab batches needs none.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Division' }), 'C');
    expect(within(dialog).queryByRole('combobox', { name: 'Lab batch' })).toBeNull();
    await user.clear(firstDay);
    await user.type(firstDay, '2026-11-10');
    await user.click(within(dialog).getByRole('button', { name: 'Move student' }));
    expect(await findOpenDialog('Move Riya Patel?')).toHaveTextContent(
      'Riya Patel will be moved to division C, in no batch, from Tue, 10 Nov 2026.',
    );
  });

  it('asks before saving, naming the change, and sends the choices', async () => {
    const loads = serve();
    const sent: PlaceStudentBody[] = [];
    server.use(
      onCall(
        routes.place,
        async ({ request }) => {
          sent.push((await request.json()) as PlaceStudentBody);
          return ok(
            buildPlacement({
              division_slug: 'ce-5-b',
              batch_slugs: ['ce-5-b2', 'ce-5-ml2'],
              since: '2026-11-02',
            }),
          );
        },
        { params: { person_slug: 'riya' } },
      ),
    );
    const { user, dialog } = await openDialog();
    await chooseB(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Move student' }));

    let confirm = await findOpenDialog('Move Riya Patel?');
    expect(confirm).toHaveTextContent(
      'Riya Patel will be moved to division B, batches B2 and ML2, from Mon, 2 Nov 2026. Lectures held before that day do not count for or against them in the new division or batches; their marks so far stay as they are.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move Riya Patel?' })).toBeNull());
    expect(sent).toEqual([]);
    // Back on the form, with the choices as they were.
    expect(within(dialog).getByRole('combobox', { name: 'Lab batch' })).toHaveValue('ce-5-b2');

    const listLoads = loads.list;
    await user.click(within(dialog).getByRole('button', { name: 'Move student' }));
    confirm = await findOpenDialog('Move Riya Patel?');
    await user.click(within(confirm).getByRole('button', { name: 'Move' }));

    expect(
      await screen.findByText('Riya Patel is now in division B, batches B2 and ML2, from Mon, 2 Nov 2026.', {
        selector: '[role="status"]',
      }),
    ).toBeVisible();
    expect(sent).toEqual([
      { division_slug: 'ce-5-b', batch_slugs: ['ce-5-b2', 'ce-5-ml2'], since: '2026-11-02' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The page asks for its list again.
    await waitFor(() => expect(loads.list).toBeGreaterThan(listLoads));
  });

  it("shows the server's refusal in the dialog and keeps the choices", async () => {
    serve();
    server.use(
      onCall(routes.place, () => errorReply(409, 'Lab batch B2 is full: choose another batch', 'conflict')),
    );
    const { user, dialog } = await openDialog();
    await chooseB(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Move student' }));
    await user.click(within(await findOpenDialog('Move Riya Patel?')).getByRole('button', { name: 'Move' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Lab batch B2 is full: choose another batch',
    );
    expect(screen.getByRole('dialog', { name: 'Division and batches of Riya Patel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Division' })).toHaveValue('ce-5-b');
    expect(within(dialog).getByRole('combobox', { name: 'Lab batch' })).toHaveValue('ce-5-b2');
    expect(within(dialog).getByRole('combobox', { name: 'Elective batch: ML' })).toHaveValue('ce-5-ml2');
    expect(within(dialog).getByLabelText('First day')).toHaveValue('2026-11-02');
  });

  it('says nothing changed when the choices are where the student is', async () => {
    serve();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Move student' }));
    expect(await screen.findByText('Nothing was changed.', { selector: '[role="status"]' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows that the placement is loading', async () => {
    serve();
    let answer: (reply: CallAnswer<typeof routes.placement>) => void = () => undefined;
    server.use(
      onCall(
        routes.placement,
        () => new Promise<CallAnswer<typeof routes.placement>>((resolve) => (answer = resolve)),
      ),
    );
    const { user } = renderApp(ROUTES.adminPeople, { role: 'admin' });
    await screen.findByRole('table', { name: 'People' });
    await user.click(screen.getByRole('button', { name: 'Division and batches of Riya Patel' }));
    const dialog = await findOpenDialog('Division and batches of Riya Patel');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the division and batches...');
    answer(ok(buildPlacement()));
    expect(await within(dialog).findByRole('combobox', { name: 'Division' })).toHaveValue('ce-5-a');
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('shows a placement that cannot be loaded', async () => {
    serve();
    server.use(
      onCall(routes.placement, () => errorReply(409, 'Riya Patel has no semester yet'), {
        params: { person_slug: 'riya' },
      }),
    );
    const { user } = renderApp(ROUTES.adminPeople, { role: 'admin' });
    await screen.findByRole('table', { name: 'People' });
    await user.click(screen.getByRole('button', { name: 'Division and batches of Riya Patel' }));
    const dialog = await findOpenDialog('Division and batches of Riya Patel');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Riya Patel has no semester yet');
    expect(within(dialog).queryByRole('combobox')).toBeNull();
  });
});
