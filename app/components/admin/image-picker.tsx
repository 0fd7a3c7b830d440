import { useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { variantUrl } from "../../../domain/images";
import { messages } from "../../../domain/messages";
import { IMAGE_ACCEPT, remainingImageSlots } from "../../../domain/product-schemas";
import { imageFileProblem } from "~/lib/image-check";
import type { NewImage } from "~/lib/use-resumable-uploads";
import { UploadOffer } from "./upload-offer";
import { UploadStatus } from "./upload-status";

interface ImagePickerProps {
  /** The product's current images (edit only): each can be removed. */
  kept: string[];
  onKeptChange: (kept: string[]) => void;
  /** New pictures, each with its upload (decision 057). */
  images: NewImage[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  error?: string;
  showCurrent: boolean;
}

/** A preview address for a picked file, released when the preview goes away. */
export function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

const removeButton =
  "absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-lg leading-none text-red-800 shadow ring-1 ring-stone-300 hover:bg-red-50";

/**
 * Current images with remove buttons, and new images from a multiple-file picker or by drag
 * and drop, with removable previews; the picker disappears at 5 images (docs/product.md §2). Each
 * picked file is checked by its content here (app/lib/image-check.ts) and a refused one is
 * named under the picker; the server checks the bytes again.
 */
export function ImagePicker({
  kept,
  onKeptChange,
  images,
  onAdd,
  onRemove,
  onCancel,
  onRetry,
  error,
  showCurrent,
}: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  // The check is asynchronous: the pictures as they are when it ends, not when it began.
  const countRef = useRef(images.length);
  countRef.current = images.length;
  const files = useMemo(() => images.map((image) => image.file), [images]);
  const previews = usePreviews(files);
  const slots = remainingImageSlots(kept.length, images.length);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const refusedId = `${inputId}-refused`;

  async function add(list: FileList | File[]) {
    const picked = [...list];
    // The files now live in state; the input is emptied so picking the same file again works.
    if (inputRef.current) inputRef.current.value = "";
    setChecking(true);
    const problems = await Promise.all(picked.map(imageFileProblem));
    setChecking(false);
    const accepted = picked.filter((_, i) => !problems[i]);
    setRefused(problems.filter((p): p is string => Boolean(p)));
    const free = remainingImageSlots(kept.length, countRef.current);
    if (accepted.length > free) toast.error(messages.admin.maxImages);
    if (accepted.length && free > 0) onAdd(accepted.slice(0, free));
  }

  return (
    <div className="space-y-5">
      {showCurrent && (
        <div>
          <h2 className="text-sm font-medium text-stone-800">Current Images</h2>
          {kept.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">No current images.</p>
          ) : (
            <ul className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-5">
              {kept.map((address, i) => (
                <li key={address} className="relative">
                  <input type="hidden" name="keepImages" value={address} />
                  <img
                    src={variantUrl(address, 320)}
                    alt={`Current, ${i + 1} of ${kept.length}`}
                    width={320}
                    height={400}
                    className="aspect-[4/5] h-auto w-full rounded-lg bg-brand-100 object-cover"
                  />
                  <button
                    type="button"
                    className={removeButton}
                    aria-label={`Remove current image ${i + 1}`}
                    onClick={() => onKeptChange(kept.filter((a) => a !== address))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div>
        <h2 className="text-sm font-medium text-stone-800">{showCurrent ? "Add New Images" : "Product Images"}</h2>
        <UploadOffer picked={files.map((file) => file.name)} />
        {images.length > 0 && (
          <ul aria-label="New images" className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-5">
            {images.map((image, i) => (
              <li key={image.key} className="relative">
                <img
                  src={previews[i]}
                  alt={`New: ${image.file.name}`}
                  className="aspect-[4/5] h-auto w-full rounded-lg bg-brand-100 object-cover"
                />
                <button
                  type="button"
                  className={removeButton}
                  aria-label={`Remove new image ${i + 1}`}
                  onClick={() => onRemove(image.key)}
                >
                  ×
                </button>
                <UploadStatus image={image} onCancel={() => onCancel(image.key)} onRetry={() => onRetry(image.key)} />
              </li>
            ))}
          </ul>
        )}
        {slots > 0 ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an extra; the labelled file input inside it is the accessible way
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              void add(event.dataTransfer.files);
            }}
            className={`mt-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors focus-within:ring-2 focus-within:ring-ink ${
              dragging ? "border-ink bg-brand-50" : "border-stone-300"
            }`}
          >
            <label
              htmlFor={inputId}
              className="cursor-pointer text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              Choose images
            </label>
            <span className="text-sm text-stone-600"> or drag and drop them here</span>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              name="images"
              multiple
              accept={IMAGE_ACCEPT}
              aria-describedby={[hintId, error ? errorId : null, refused.length ? refusedId : null]
                .filter(Boolean)
                .join(" ")}
              aria-invalid={error || refused.length ? true : undefined}
              className="sr-only"
              onChange={(event) => {
                if (event.currentTarget.files) void add(event.currentTarget.files);
              }}
            />
            <p id={hintId} className="mt-1 text-xs text-stone-500">
              PNG, JPG, WEBP
              <span className="sr-only">
                , up to 10 MB each, {slots} more {slots === 1 ? "image" : "images"}
              </span>
            </p>
          </div>
        ) : (
          <p className="mt-2 text-sm text-stone-600">5 of 5 images: remove one to add another.</p>
        )}
        {checking && (
          <p role="status" className="mt-2 text-sm text-stone-600">
            Checking the images...
          </p>
        )}
        {refused.length > 0 && (
          <div id={refusedId} role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-medium">
              {refused.length === 1 ? "This file was not added:" : "These files were not added:"}
            </p>
            <ul className="mt-1 list-disc pl-5">
              {refused.map((problem, i) => (
                <li key={`${problem}-${i}`}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
