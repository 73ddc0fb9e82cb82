import { ACCEPTED_UPLOAD_EXTENSIONS } from '../../../contract/tomes';
import { goToLogin } from '~/lib/api-client';

/** Why a file cannot be uploaded at all (type, empty, too large), before it is sent; null when it can. */
export function checkFile(file: File, maxUploadMb: number): string | null {
  const dot = file.name.lastIndexOf('.');
  const ext = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!(ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
    return `${ext ? `Files of type .${ext}` : 'Files without an extension'} cannot be added to a tome. Upload one of: ${ACCEPTED_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ')}.`;
  }
  if (file.size === 0) return 'The file is empty. Check that it saved correctly and upload it again.';
  if (file.size > maxUploadMb * 1024 * 1024)
    return `The file is larger than the ${maxUploadMb} MB upload limit. Split it into smaller files and upload them separately.`;
  return null;
}

/** The server refused the upload (status and its message). */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** XMLHttpRequest rather than fetch, for the upload's own progress. */
export function postWithProgress(url: string, body: FormData, onProgress: (fraction: number) => void): Promise<{ job_id: string; document_id: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 401) {
        goToLogin();
        return reject(new Error('Your session has ended. Please log in again.'));
      }
      const answer = request.response as { job_id?: string; document_id?: string; error?: string } | null;
      if (request.status >= 200 && request.status < 300 && answer?.job_id) return resolve(answer as { job_id: string; document_id: string });
      reject(new UploadRefused(request.status, answer?.error ?? `The server answered ${request.status}.`));
    };
    request.onerror = () => reject(new Error('The connection failed before the file was sent.'));
    request.send(body);
  });
}
