/** The sentences of the Institution setup page that tests and several components share. */
export const SETUP_TEXT = {
  templateTitle: '1. Start from the template',
  templateHelp:
    'The template has one sheet per kind of record (branches, streams, semesters, classrooms, subjects, teachers, students), each with its headers and one example row. Replace the examples with your institution’s rows; extra columns are ignored.',
  download: 'Download the template',
  downloadFailed: 'The template could not be downloaded',
  checkTitle: '2. Check your workbook',
  checkHelp:
    'A check reads the whole workbook and lists what it would create, update or leave unchanged, and every problem, without writing anything.',
  check: 'Check',
  checkAgain: 'Check again',
  chooseFirst: 'Choose a workbook first.',
  startFailed: 'The workbook could not be sent',
  checking: 'Checking the workbook',
  applying: 'Applying the workbook',
  previewCaption: 'What the workbook would change, per sheet',
  resultCaption: 'What the workbook changed, per sheet',
  apply: 'Apply',
  applyTitle: 'Apply the workbook?',
  applyConfirm: 'Apply the workbook',
  branchAdminTitle: 'Only institution admins set up the institution',
  branchAdmin:
    'You are an admin of your branch. Importing the institution workbook changes every branch, so it is for the institution’s admins: ask one of them to import your rows, or to make you an institution admin.',
  tryAgain: 'Try again',
  invite: 'they receive an email with a link to set their password.',
} as const;
