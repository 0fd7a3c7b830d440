import { InvalidInputError } from "../../domain/errors";
import { uploadMessages } from "../../domain/uploads";
import type { ResumableUploads } from "./resumable-uploads";
import { readUploadedImages, type UploadedImage } from "./upload";

/** The finished uploads a save names (the form's `uploads` fields) and whose they must be. */
export interface SavedUploads {
  ownerId: string;
  ids: readonly string[];
}

/**
 * Where a product save's new pictures come from (decision 057): the administrator's finished
 * resumable uploads and the files posted with the form (the form without JavaScript).
 */
export function saveImages(uploads: Pick<ResumableUploads, "take" | "release"> | undefined) {
  return {
    /**
     * The new pictures of a save: finished uploads of this administrator (in the order given),
     * then files posted with the form. A foreign, unknown, expired or unfinished upload id is
     * refused before anything is stored.
     */
    async read(files: readonly File[], saved: SavedUploads | undefined): Promise<UploadedImage[]> {
      let taken: UploadedImage[] = [];
      if (saved?.ids.length) {
        if (!uploads) throw new InvalidInputError(uploadMessages.unknownUpload);
        taken = await uploads.take(saved.ownerId, saved.ids);
      }
      return [...taken, ...(await readUploadedImages(files))];
    },

    /** After a save: the uploads it used are gone (their pictures are stored). */
    async release(saved: SavedUploads | undefined): Promise<void> {
      if (saved?.ids.length) await uploads?.release(saved.ids);
    },
  };
}
