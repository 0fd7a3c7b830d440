import { useEffect, useState } from "react";
import { forgetUpload, type UnfinishedUpload, unfinishedUploads } from "~/lib/resumable-upload";

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * After a reload: the uploads this browser started and did not finish (kept by tus-js-client in
 * localStorage), offered for resuming. Picking the same file again carries on from the server's
 * offset; Discard forgets one and removes it on the server.
 */
export function UploadOffer({ picked }: { picked: readonly string[] }) {
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);
  useEffect(() => {
    let live = true;
    unfinishedUploads()
      .then((found) => live && setUnfinished(found))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  // A file picked again resumes: no longer offered.
  const offered = unfinished.filter((upload) => !picked.includes(upload.name));
  if (offered.length === 0) return null;
  return (
    <div className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-800" data-testid="upload-offer">
      <p className="font-medium">Unfinished uploads can be resumed: choose the same file again.</p>
      <ul className="mt-1 space-y-1">
        {offered.map((upload) => (
          <li key={upload.key} className="flex flex-wrap items-center gap-2">
            <span>
              {upload.name} ({megabytes(upload.size)})
            </span>
            <button
              type="button"
              className="inline-flex min-h-8 items-center text-xs font-medium text-brand-700 underline underline-offset-2"
              onClick={() => {
                void forgetUpload(upload.key).then(() =>
                  setUnfinished((all) => all.filter((u) => u.key !== upload.key)),
                );
              }}
            >
              Discard<span className="sr-only"> the unfinished upload of {upload.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
