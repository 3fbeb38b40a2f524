import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  institutionSettingsRoutes,
  institutionWorkbookRoutes,
  ok,
  ROUTES,
  WORKBOOK_FILE_FIELD,
  UPLOAD_TOO_LARGE_MESSAGE,
  type ImportJob,
  type WorkbookReport,
} from '@rollbook/contract';
import { errorReply, onCall, server } from '../../testing/msw';
import { findOpenDialog } from '../../testing/dialogs';
import { buildInstitutionSettings } from '../../testing/factories';
import { renderApp, renderWithProviders } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { InstitutionSetupPage } from './institution-setup-page';
import { buildJob, buildReport, studentProblems } from './workbook-fixtures';

setupMswServer();

/** What the fake server was asked to start: a check ("true") or an import ("false"), with a file part. */
interface Started {
  dryRun: string;
  file: boolean;
}

/**
 * A fake workbook server: starting answers a queued job, and polling answers the job's current
 * state, which each test moves on with `update` (so every state is seen for as long as the test
 * needs, whatever the machine's speed).
 */
function fakeServer(options: { imports?: ImportJob[]; fileName?: string } = {}) {
  const started: Started[] = [];
  const jobs = new Map<string, ImportJob>();
  let latest = '';
  let outage = false;
  server.use(
    onCall(institutionWorkbookRoutes.listImports, () => ok([...(options.imports ?? []), ...jobs.values()])),
    onCall(institutionWorkbookRoutes.startImport, async ({ request }) => {
      const form = await request.formData();
      // Between jsdom's File and Node's fetch the part loses its name and bytes (a browser sends
      // both), so the fake checks that a file part is there and names the job itself.
      const file = form.get(WORKBOOK_FILE_FIELD);
      const dryRun = form.get('dry_run');
      if (typeof dryRun !== 'string') return errorReply(400, 'dry_run is missing', 'validation_failed');
      started.push({ dryRun, file: typeof file === 'object' && file !== null });
      const job = buildJob({ file_name: options.fileName ?? 'institution.xlsx', dry_run: dryRun === 'true' });
      jobs.set(job.slug, job);
      latest = job.slug;
      return ok(job);
    }),
    onCall(institutionWorkbookRoutes.getImport, ({ params }) => {
      if (outage) return errorReply(503, 'The server is busy', 'overloaded');
      const job = jobs.get(String(params.import_slug));
      return job ? ok(job) : errorReply(404, 'No such import', 'not_found');
    }),
  );
  return {
    started,
    /** While on, every poll is answered 503. */
    setOutage(on: boolean) {
      outage = on;
    },
    /** Moves the latest started job on to a new state. */
    update(patch: Partial<ImportJob>) {
      const job = jobs.get(latest);
      if (!job) throw new Error('no job started yet');
      jobs.set(latest, { ...job, ...patch });
    },
  };
}

type FakeServer = ReturnType<typeof fakeServer>;

const CLEAN: WorkbookReport = buildReport({
  Branches: { created: 1 },
  Streams: { created: 1 },
  Semesters: { created: 2, unchanged: 1 },
  Teachers: { updated: 3 },
  Students: { created: 40, unchanged: 5 },
});

function renderPage() {
  return renderWithProviders(<InstitutionSetupPage title="Institution Setup" pollIntervalMs={10} />, {
    role: 'admin',
  });
}

type User = ReturnType<typeof renderPage>['user'];

const workbook = (name = 'institution.xlsx') => new File(['PK fake workbook'], name);

async function chooseFile(user: User, file: File) {
  await user.upload(await screen.findByLabelText(/Choose the workbook/), file);
}

/** Drops a file on the picker: the way past the picker's type filter. */
async function dropFile(file: File) {
  const zone = (await screen.findByText('Choose the workbook or drop it here')).closest('label');
  expect(zone).not.toBeNull();
  fireEvent.drop(zone!, { dataTransfer: { files: [file] } });
}

/** Cells of a table row, as text. */
function rowText(table: HTMLElement, name: string): string[] {
  const row = within(table).getByRole('row', { name: new RegExp(`^${name}\\b`) });
  return Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? '');
}

const applyButton = () => screen.getByRole('button', { name: 'Apply' });

/** Chooses a workbook (a fresh one unless given), presses Check and waits for the check's progress bar. */
async function startCheck(user: User, file: File = workbook()): Promise<HTMLElement> {
  await chooseFile(user, file);
  await user.click(screen.getByRole('button', { name: 'Check' }));
  return screen.findByRole('progressbar', { name: 'Checking the workbook' });
}

/** Ends the running check with a report and waits until Apply is offered. */
async function passCheck(fake: FakeServer, report: WorkbookReport = CLEAN) {
  fake.update({ status: 'done', report });
  await waitFor(() => expect(applyButton()).toBeEnabled());
}

/** Presses Apply, confirms in the question, and waits for the import's progress bar. */
async function confirmApply(user: User) {
  await user.click(applyButton());
  const dialog = await findOpenDialog('Apply the workbook?');
  await user.click(within(dialog).getByRole('button', { name: 'Apply the workbook' }));
  await screen.findByRole('progressbar', { name: 'Applying the workbook' });
}

let downloads: string[] = [];
beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:sheet');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('InstitutionSetupPage', () => {
  it('checks a workbook, previews it, applies it after asking, and shows the result with the next step', async () => {
    const fake = fakeServer();
    const appended = vi.spyOn(FormData.prototype, 'append');
    const { user } = renderPage();
    const chosen = workbook();
    await chooseFile(user, chosen);
    expect(screen.getByText(/Selected file:/)).toHaveTextContent('institution.xlsx');
    expect(applyButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check' }));

    await screen.findByRole('progressbar', { name: 'Checking the workbook' });
    expect(fake.started).toEqual([{ dryRun: 'true', file: true }]);
    fake.update({ status: 'running', phase: 'Checking Students', done: 20, total: 45 });
    expect(await screen.findByText('Checking Students')).toBeInTheDocument();
    fake.update({ status: 'done', phase: 'Done', done: 45, total: 45, report: CLEAN });

    const preview = await screen.findByRole('table', { name: 'What the workbook would change, per sheet' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sheet', 'Create', 'Update', 'Unchanged']);
    expect(rowText(preview, 'Students')).toEqual(['Students', '40', '0', '5']);
    expect(rowText(preview, 'Teachers')).toEqual(['Teachers', '0', '3', '0']);
    expect(rowText(preview, 'Classrooms')).toEqual(['Classrooms', '0', '0', '0']);
    expect(rowText(preview, 'Total')).toEqual(['Total', '44', '3', '6']);
    expect(screen.getByText(/No problems found in institution\.xlsx/)).toHaveTextContent(
      'Applying it would create 44 records and update 3 records.',
    );
    expect(screen.queryByRole('table', { name: 'Problems in the workbook' })).not.toBeInTheDocument();

    await waitFor(() => expect(applyButton()).toBeEnabled());
    await user.click(applyButton());
    const dialog = await findOpenDialog('Apply the workbook?');
    expect(dialog).toHaveTextContent(
      'This creates 44 records and updates 3 records in your institution, in one go. Nothing is deleted.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply the workbook' }));

    await screen.findByRole('progressbar', { name: 'Applying the workbook' });
    expect(fake.started).toEqual([
      { dryRun: 'true', file: true },
      { dryRun: 'false', file: true },
    ]);
    // Both calls carried the chosen file under the contract's field.
    expect(appended.mock.calls.filter(([field]) => field === WORKBOOK_FILE_FIELD)).toEqual([
      [WORKBOOK_FILE_FIELD, chosen, 'institution.xlsx'],
      [WORKBOOK_FILE_FIELD, chosen, 'institution.xlsx'],
    ]);
    // Nothing else can start while the import runs.
    expect(applyButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeDisabled();
    fake.update({
      status: 'done',
      done: 45,
      total: 45,
      report: { ...CLEAN, applied: true, created_people: Array.from({ length: 40 }, (_, i) => `p${i}`) },
    });

    const result = await screen.findByRole('table', { name: 'What the workbook changed, per sheet' });
    expect(rowText(result, 'Students')).toEqual(['Students', '40', '0', '5']);
    expect(screen.getByText(/The workbook is applied/)).toHaveTextContent(
      'The workbook is applied: 44 records created, 3 records updated, 6 records unchanged.',
    );
    const next = screen.getByRole('heading', { name: 'Next step' }).parentElement!;
    expect(next).toHaveTextContent('40 new people were created. They cannot sign in until they are invited.');
    expect(next).toHaveTextContent('Invite them from the People page: they receive an email');
    expect(within(next).getByRole('link', { name: 'People page' })).toHaveAttribute(
      'href',
      ROUTES.adminPeople,
    );
    expect(applyButton()).toBeDisabled();
    expect(screen.getByText(/This workbook is applied\./)).toBeInTheDocument();
    // The recent list is read again once the import ends.
    const recent = await screen.findByRole('table', { name: 'Recent checks and imports' });
    await waitFor(() => expect(within(recent).getByText('Applied')).toBeInTheDocument());
  });

  it('renders the progress as an accessible bar with the phase in a live region', async () => {
    const fake = fakeServer();
    const { user } = renderPage();
    const bar = await startCheck(user);
    // Queued: no total yet, so no value (read as "in progress").
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Waiting for the server to start…')).toHaveAttribute('aria-live', 'polite');

    fake.update({ status: 'running', phase: 'Checking Teachers', done: 1200, total: 5000 });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1200'));
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '5000');
    expect(bar).toHaveAttribute('aria-valuetext', '1,200 of 5,000 rows');
    expect(bar).toHaveAccessibleDescription('Checking Teachers');
    const phase = screen.getByText('Checking Teachers');
    expect(phase).toHaveAttribute('role', 'status');
    expect(phase).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('1,200 of 5,000 rows (24%)')).toBeInTheDocument();
    expect(bar.firstElementChild).toHaveStyle({ width: '24%' });

    fake.update({ phase: 'Checking Students', done: 4000 });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '4000'));
    expect(bar).toHaveAccessibleDescription('Checking Students');
    // The file cannot change under a running job.
    expect(screen.getByLabelText(/Choose the workbook/)).toBeDisabled();
  });

  it('lists the problems of a workbook a page at a time and keeps Apply disabled', async () => {
    const fake = fakeServer();
    const { user } = renderPage();
    await startCheck(user);
    fake.update({
      status: 'done',
      report: buildReport(
        { Students: { created: 30 } },
        {
          problems: [
            {
              sheet: null,
              row: null,
              column: null,
              message: 'The sheet Rooms is not a sheet of the workbook',
            },
            ...studentProblems(29),
          ],
          problem_count: 1500,
        },
      ),
    });

    const table = await screen.findByRole('table', { name: 'Problems in the workbook' });
    expect(screen.getByText(/The workbook has 1,500 problems\. Nothing was written\./)).toBeInTheDocument();
    expect(
      screen.getByText(
        'The server lists the first 30 of 1,500 problems. Fix these and check again to see the rest.',
      ),
    ).toBeInTheDocument();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Where', 'Problem']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell');
    expect(cellsOf(rows[0]!).map((c) => c.textContent)).toEqual([
      'Whole file',
      'The sheet Rooms is not a sheet of the workbook',
    ]);
    const [where, problem] = cellsOf(rows[1]!);
    expect(within(where!).getByText('Students')).toBeInTheDocument();
    expect(within(where!).getByText('Row 2, email')).toBeInTheDocument();
    expect(problem).toHaveTextContent('Row 2: the email is not an email address (expected name@example.org)');
    expect(screen.getByText('Problems 1–25 of 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Problems 26–30 of 30')).toBeInTheDocument();
    const lastPage = within(table).getAllByRole('row').slice(1);
    expect(lastPage).toHaveLength(5);
    expect(lastPage[4]).toHaveTextContent('Row 30: the email');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    expect(applyButton()).toBeDisabled();
    expect(applyButton()).toHaveAccessibleDescription(
      'Apply needs a check without problems: correct the workbook and check it again.',
    );
    expect(fake.started).toHaveLength(1);
  });

  it('says why a job failed, keeps the file chosen, and checks it again', async () => {
    const fake = fakeServer();
    const { user } = renderPage();
    await startCheck(user);
    fake.update({ status: 'failed', error: 'The server restarted during the check' });

    expect(
      await screen.findByText(
        /The check of institution\.xlsx stopped before the end: The server restarted during the check\. Nothing was written\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Selected file:/)).toHaveTextContent('institution.xlsx');
    expect(applyButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(fake.started).toHaveLength(2));
    expect(fake.started[1]).toEqual({ dryRun: 'true', file: true });
    expect(await screen.findByRole('progressbar', { name: 'Checking the workbook' })).toBeInTheDocument();
  });

  it('says so when a poll fails, and carries on with the next one', async () => {
    const fake = fakeServer();
    const { user } = renderPage();
    await startCheck(user);
    fake.setOutage(true);
    expect(
      await screen.findByText(/The progress could not be read \(The server is busy\)/),
    ).toBeInTheDocument();
    // The progress stays on screen through the outage, and the polls go on.
    expect(screen.getByRole('progressbar', { name: 'Checking the workbook' })).toBeInTheDocument();
    fake.setOutage(false);
    fake.update({ status: 'done', report: CLEAN });
    expect(await screen.findByText(/No problems found/)).toBeInTheDocument();
    expect(screen.queryByText(/The progress could not be read/)).not.toBeInTheDocument();
  });

  it('shows a refused upload in place and keeps the file', async () => {
    fakeServer();
    server.use(
      onCall(institutionWorkbookRoutes.startImport, () =>
        errorReply(413, UPLOAD_TOO_LARGE_MESSAGE, 'payload_too_large'),
      ),
    );
    const { user } = renderPage();
    await chooseFile(user, workbook());
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The workbook could not be sent: The file is larger than 5 MB, the largest file an upload may carry',
    );
    expect(screen.getByText(/Selected file:/)).toHaveTextContent('institution.xlsx');
    expect(screen.getByRole('button', { name: 'Check' })).toBeEnabled();
  });

  it('refuses a wrong type or too large a file before sending anything', async () => {
    const fake = fakeServer({ fileName: 'Students.csv' });
    const appended = vi.spyOn(FormData.prototype, 'append');
    const { user } = renderPage();
    expect(await screen.findByLabelText(/Choose the workbook/)).toHaveAttribute('accept', '.xlsx,.csv');

    await dropFile(new File(['%PDF'], 'people.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'people.pdf is not a workbook: choose an Excel workbook (.xlsx) or one sheet saved as .csv.',
    );
    expect(screen.getByLabelText(/Choose the workbook/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Selected file:/)).not.toBeInTheDocument();

    const sheet = workbook('Students.csv');
    await chooseFile(user, sheet);
    expect(screen.getByText(/Selected file:/)).toHaveTextContent('Students.csv');
    const huge = workbook('huge.xlsx');
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 });
    await dropFile(huge);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'huge.xlsx is 50 MB; a workbook may be at most 5 MB.',
    );
    // The file chosen before stays chosen, and is the one a check sends.
    expect(screen.getByText(/Selected file:/)).toHaveTextContent('Students.csv');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByRole('progressbar', { name: 'Checking the workbook' });
    expect(fake.started).toEqual([{ dryRun: 'true', file: true }]);
    expect(appended).toHaveBeenCalledWith(WORKBOOK_FILE_FIELD, sheet, 'Students.csv');
  });

  it('asks for a file before checking', async () => {
    const fake = fakeServer();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a workbook first.');
    expect(fake.started).toEqual([]);
  });

  it('asks before applying: Cancel writes nothing, and only the confirmation starts the import', async () => {
    const fake = fakeServer();
    const { user } = renderPage();
    await startCheck(user);
    await passCheck(fake, buildReport({ Subjects: { created: 1, updated: 1 } }));

    await user.click(applyButton());
    const dialog = await findOpenDialog('Apply the workbook?');
    expect(dialog).toHaveTextContent('This creates 1 record and updates 1 record in your institution');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await confirmApply(user);
    // One check and one import: the cancelled question started nothing.
    expect(fake.started.map((s) => s.dryRun)).toEqual(['true', 'false']);
  });

  it('applies only the file that was checked, and nothing when nothing would change', async () => {
    const fake = fakeServer();
    const { user } = renderPage();
    await startCheck(user);
    await passCheck(fake);

    await chooseFile(user, workbook('institution-v2.xlsx'));
    expect(applyButton()).toBeDisabled();
    expect(
      screen.queryByRole('table', { name: 'What the workbook would change, per sheet' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByRole('progressbar', { name: 'Checking the workbook' });
    fake.update({ status: 'done', report: buildReport({ Students: { unchanged: 45 } }) });
    expect(await screen.findByText(/Everything in it is already in Rollbook/)).toBeInTheDocument();
    expect(applyButton()).toBeDisabled();
    expect(applyButton()).toHaveAccessibleDescription('Nothing to apply: every row is already in Rollbook.');
  });

  it('shows a failed import in place and lets the admin apply again', async () => {
    const fake = fakeServer();
    const { user } = renderPage();
    await startCheck(user);
    await passCheck(fake);
    await confirmApply(user);
    fake.update({ status: 'failed', error: 'The database refused the write' });

    expect(
      await screen.findByText(
        /The import of institution\.xlsx stopped before the end: The database refused the write/,
      ),
    ).toBeInTheDocument();
    // The preview of the clean check stays, and Apply is offered again.
    expect(
      screen.getByRole('table', { name: 'What the workbook would change, per sheet' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(applyButton()).toBeEnabled());
  });

  it('downloads the template as an .xlsx file, and says so in place when it cannot', async () => {
    fakeServer();
    server.use(
      onCall(
        institutionWorkbookRoutes.getTemplate,
        () => ok({ file_content: btoa('PK template'), file_name: 'institution-workbook.xlsx' }),
        { once: true },
      ),
      onCall(institutionWorkbookRoutes.getTemplate, () =>
        errorReply(500, 'Something went wrong', 'internal'),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Download the template' }));
    await waitFor(() => expect(downloads).toEqual(['institution-workbook.xlsx']));

    const again = screen.getByRole('button', { name: 'Download the template' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The template could not be downloaded: Something went wrong',
    );
    expect(downloads).toEqual(['institution-workbook.xlsx']);
  });

  it('explains to a branch admin that the set-up is for institution admins', async () => {
    server.use(
      onCall(institutionWorkbookRoutes.listImports, () =>
        errorReply(403, 'Only an institution admin can set up the institution', 'forbidden'),
      ),
    );
    renderPage();
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading')).toHaveTextContent(
      'Only institution admins set up the institution',
    );
    expect(notice).toHaveTextContent('You are an admin of your branch.');
    expect(notice).toHaveTextContent('The server said: Only an institution admin can set up the institution');
    expect(screen.queryByRole('button', { name: 'Check' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download the template' })).not.toBeInTheDocument();
  });

  it('lists the recent checks and imports, and says when they cannot be read', async () => {
    fakeServer({
      imports: [
        buildJob({
          file_name: 'june.xlsx',
          dry_run: false,
          status: 'done',
          report: { ...CLEAN, applied: true },
        }),
        buildJob({ file_name: 'Students.csv', status: 'running', phase: 'Checking Students' }),
      ],
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Recent checks and imports' });
    // The institution's clock with its offset (the fixture's 09:00 +05:30), whatever the device's zone.
    expect(rowText(table, '.*june')).toEqual([
      '1 Jun 2027, 09:00 (UTC+05:30)',
      'june.xlsx',
      'Import',
      'Applied',
    ]);
    expect(screen.getByText(/Times are the institution.s/)).toBeInTheDocument();
    expect(rowText(table, '.*Students').slice(1)).toEqual([
      'Students.csv',
      'Check',
      'Running: Checking Students',
    ]);
  });

  it('is the admin route of the app, listed in an institution admin’s navigation', async () => {
    fakeServer();
    server.use(onCall(institutionSettingsRoutes.getSettings, () => ok(buildInstitutionSettings())));
    renderApp(ROUTES.institutionSetup, { role: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Institution Setup' })).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name: 'Institution Setup' });
    expect(links[0]).toHaveAttribute('href', ROUTES.institutionSetup);
  });
});
