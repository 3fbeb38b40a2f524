/**
 * A notice drawn without any library, for when the toast library itself could not be fetched (a
 * dropped connection just after the first load): the message is still shown and announced rather
 * than lost. Top right like the toasts, gone after a while or when clicked.
 */
export function showPlainNotice(text: string, urgent: boolean): void {
  const notice = document.createElement('div');
  notice.setAttribute('role', urgent ? 'alert' : 'status');
  notice.className =
    'fixed top-20 right-3 left-3 z-[100] ml-auto max-w-[22rem] rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-900 shadow-lg';
  notice.textContent = text;
  const remove = () => notice.remove();
  notice.addEventListener('click', remove);
  document.body.append(notice);
  window.setTimeout(remove, PLAIN_NOTICE_MS);
}

export const PLAIN_NOTICE_MS = 8000;
