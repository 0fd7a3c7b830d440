import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { ImageStorage } from "../storage/storage";

// Replaced by the demo catalogue (in progress).
export async function seedDemoCatalog(_deps: { db: Database; storage: ImageStorage; logger: Logger }): Promise<number> {
  return 0;
}
