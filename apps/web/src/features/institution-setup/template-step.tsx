import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api/api-error';
import { downloadExcel } from '../../lib/excel-download';
import { useWorkbookTemplateMutation } from './institution-setup-api';
import { SETUP_TEXT } from './workbook-text';

/** Step 1: what the workbook holds, and the template saved as an .xlsx file. */
export function TemplateStep() {
  const [fetchTemplate, fetching] = useWorkbookTemplateMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function download() {
    setProblem(null);
    const answer = await fetchTemplate();
    if (answer.data) downloadExcel(answer.data);
    else setProblem(`${SETUP_TEXT.downloadFailed}: ${errorText(answer.error, 'no answer from the server')}`);
  }

  return (
    <section
      aria-labelledby="setup-template-title"
      className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6"
    >
      <h2 id="setup-template-title" className="text-lg font-semibold text-slate-900">
        {SETUP_TEXT.templateTitle}
      </h2>
      <p className="text-sm text-slate-700">{SETUP_TEXT.templateHelp}</p>
      <Button variant="secondary" disabled={fetching.isLoading} onClick={() => void download()}>
        <Download className="size-4" aria-hidden />
        {SETUP_TEXT.download}
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
