import type { NewImage } from "~/lib/use-resumable-uploads";

const smallButton =
  "mt-1 inline-flex min-h-8 items-center rounded-md border border-stone-300 bg-white px-2 text-xs font-medium text-stone-800 hover:bg-stone-50";

/**
 * Under a new picture: its upload's progress bar and Cancel while it goes, "Uploaded" when the
 * server has it all, or the reason it stopped (the brief's storage states) with Try again.
 */
export function UploadStatus({
  image,
  onCancel,
  onRetry,
}: {
  image: NewImage;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const { file, status } = image;
  const percent = file.size > 0 ? Math.min(100, Math.floor((image.sent / file.size) * 100)) : 100;
  if (status === "done")
    return (
      <p className="mt-1 text-xs text-green-800" data-upload-status="done">
        Uploaded
      </p>
    );
  if (status === "failed")
    return (
      <div data-upload-status="failed">
        <p role="alert" className="mt-1 text-xs text-red-800">
          {image.message}
        </p>
        <button type="button" className={smallButton} onClick={onRetry}>
          Try again<span className="sr-only">: {file.name}</span>
        </button>
      </div>
    );
  return (
    <div data-upload-status={status}>
      <progress
        className="mt-1 h-2 w-full accent-ink"
        max={100}
        value={status === "queued" ? 0 : percent}
        aria-label={`Upload of ${file.name}`}
      />
      <p className="text-xs text-stone-700">
        {status === "queued" ? "Waiting..." : `${image.resumed ? "Resuming: " : ""}${percent}%`}
      </p>
      {status === "uploading" && (
        <button type="button" className={smallButton} onClick={onCancel}>
          Cancel<span className="sr-only"> upload of {file.name}</span>
        </button>
      )}
    </div>
  );
}
