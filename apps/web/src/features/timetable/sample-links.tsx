import { Download } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api/api-error';
import { useDownloadTimetableSampleMutation, useGetTimetableSamplesQuery } from './timetable-api';

// The sample files need the admin's bearer token, so a plain link cannot fetch them: the text is
// fetched through the api and handed to the browser as a download.
function saveText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  // Revoking at once can cancel the download before the browser has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Buttons downloading the sample timetables shipped with Rollbook (one grid, one row per lecture),
 * which fit the demo institution and show both accepted layouts.
 */
export function SampleLinks() {
  const { data: names = [] } = useGetTimetableSamplesQuery();
  const [download, { isLoading }] = useDownloadTimetableSampleMutation();

  async function save(name: string) {
    const result = await download(name);
    if (result.error) toast.error(errorText(result.error, 'Something went wrong'));
    else saveText(name, result.data);
  }

  if (names.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-600">
      <p>Not sure about the layout? Start from a sample file:</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {names.map((name) => (
          <li key={name}>
            <Button variant="link" disabled={isLoading} onClick={() => void save(name)}>
              <Download className="size-4" aria-hidden />
              Download {name}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
